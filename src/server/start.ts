import { readSchemaFiles } from '../schema/load-files'
import { MIGRATIONS_DIR, migrationProblems, type Migration } from '../schema/migrations'
import { SchemaError } from '../schema/SchemaError'
import type { Registry, SchemaFile } from '../schema/types'
import { checkedRegistry } from './checked-schemas'
import type { Config } from './config'
import { openDatabase, type OpenDatabase } from './db/connect'
import { migrate } from './db/migrate'
import type { Services } from './services'
import { createFileStore } from './uploads/file-store'
import { createResetCodeSender } from './password-reset/reset-code-sender'
import { createTaskEngine } from './tasks/engine'
import { processLog } from './log'

/** The schema files of a folder, the registry made from them, checked, and the migrations that make its tables. */
export interface LoadedSchemas {
  schemaFiles: readonly SchemaFile[]
  registry: Registry
  migrations: readonly Migration[]
}

/** Refuses, as schemas:check does, schemas whose tables the migrations do not make. */
export function loadSchemas(schemasDir: string): LoadedSchemas {
  const files = readSchemaFiles(schemasDir)
  const registry = checkedRegistry(files)
  const { migrations, problems } = migrationProblems(files, registry)
  if (problems.length > 0) throw new SchemaError(problems)
  return { schemaFiles: files.filter((f) => !f.path.startsWith(`${MIGRATIONS_DIR}/`)), registry, migrations }
}

/**
 * Registry, database and migrations: what every command (server, user:create, bench) needs first.
 * `schemas` are the ones loaded from `config.schemasDir` unless given: a test suite starting many
 * servers on the same files checks them once.
 */
export async function openServices(config: Config, now: () => Date = () => new Date(), schemas: LoadedSchemas = loadSchemas(config.schemasDir)): Promise<Services & { database: OpenDatabase }> {
  const { schemaFiles, registry, migrations } = schemas
  processLog.level = config.logLevel
  const database = await openDatabase(config)
  await migrate(database.db, database.dialect, registry, migrations)
  const tasks = createTaskEngine({ db: database.db, dialect: database.dialect, registry, config, now })
  const close = async () => {
    await tasks.stop()
    await database.close()
  }
  return { db: database.db, dialect: database.dialect, registry, schemaFiles, migrations, config, files: createFileStore(config), now, resetCodeSender: createResetCodeSender(config.passwordReset), tasks, database: { ...database, close } }
}
