import { readSchemaFiles } from '../schema/load-files'
import { createRegistry } from '../schema/registry'
import type { Config } from './config'
import { openDatabase, type OpenDatabase } from './db/connect'
import { migrate } from './db/migrate'
import type { Services } from './services'
import { createFileStore } from './uploads/file-store'
import { createResetCodeSender } from './password-reset/reset-code-sender'
import { createTaskEngine } from './tasks/engine'

/** Registry, database and migrations: what every command (server, user:create, bench) needs first. */
export async function openServices(config: Config, now: () => Date = () => new Date()): Promise<Services & { database: OpenDatabase }> {
  const schemaFiles = readSchemaFiles(config.schemasDir)
  const registry = createRegistry(schemaFiles)
  const database = await openDatabase(config)
  await migrate(database.db, database.dialect, registry)
  const tasks = createTaskEngine({ db: database.db, dialect: database.dialect, registry, config, now })
  const close = async () => {
    await tasks.stop()
    await database.close()
  }
  return { db: database.db, dialect: database.dialect, registry, schemaFiles, config, files: createFileStore(config), now, resetCodeSender: createResetCodeSender(config.passwordReset), tasks, database: { ...database, close } }
}
