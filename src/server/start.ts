import { readSchemaFiles } from '../schema/load-files'
import type { Registry, SchemaFile } from '../schema/types'
import { checkedRegistry } from './checked-schemas'
import type { Config } from './config'
import { openDatabase, type OpenDatabase } from './db/connect'
import { migrate } from './db/migrate'
import type { Services } from './services'
import { createFileStore } from './uploads/file-store'
import { createResetCodeSender } from './password-reset/reset-code-sender'
import { createTaskEngine } from './tasks/engine'

/** The schema files of a folder and the registry made from them, checked. */
export interface LoadedSchemas {
  schemaFiles: readonly SchemaFile[]
  registry: Registry
}

export function loadSchemas(schemasDir: string): LoadedSchemas {
  const schemaFiles = readSchemaFiles(schemasDir)
  return { schemaFiles, registry: checkedRegistry(schemaFiles) }
}

/**
 * Registry, database and migrations: what every command (server, user:create, bench) needs first.
 * `schemas` are the ones loaded from `config.schemasDir` unless given: a test suite starting many
 * servers on the same files checks them once.
 */
export async function openServices(config: Config, now: () => Date = () => new Date(), schemas: LoadedSchemas = loadSchemas(config.schemasDir)): Promise<Services & { database: OpenDatabase }> {
  const { schemaFiles, registry } = schemas
  const database = await openDatabase(config)
  await migrate(database.db, database.dialect, registry)
  const tasks = createTaskEngine({ db: database.db, dialect: database.dialect, registry, config, now })
  const close = async () => {
    await tasks.stop()
    await database.close()
  }
  return { db: database.db, dialect: database.dialect, registry, schemaFiles, config, files: createFileStore(config), now, resetCodeSender: createResetCodeSender(config.passwordReset), tasks, database: { ...database, close } }
}
