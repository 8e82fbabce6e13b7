import type { Registry, SchemaFile } from '../schema/types'
import type { Migration } from '../schema/migrations'
import type { Config } from './config'
import type { Db, Dialect } from './db/connect'
import type { FileStore } from './uploads/file-store'
import type { ResetCodeSender } from './password-reset/reset-code-sender'
import type { TaskEngine } from './tasks/task-engine'

/** What handlers and repositories are given instead of reaching for globals. */
export interface Services {
  db: Db
  dialect: Dialect
  registry: Registry
  /** The files the registry was built from, served to the console as they are. */
  schemaFiles: readonly SchemaFile[]
  /** schemas/migrations/, in order: what makes the database's tables (db/migrate.ts). */
  migrations: readonly Migration[]
  config: Config
  /** Where uploaded files go (local disk or S3-compatible storage). */
  files: FileStore
  /** The clock; tests pass their own. */
  now: () => Date
  /** Delivers forgot-password codes (RESET_CODE_PROVIDER). */
  resetCodeSender: ResetCodeSender
  /** The task queue, and the workers when this process runs some. */
  tasks: TaskEngine
}
