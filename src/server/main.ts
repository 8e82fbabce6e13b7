/** npm start: migrate, seed an empty database, serve the API (and, once built, the console). */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { readConfig } from './config'
import { openServices } from './start'
import { buildApp } from './app'
import { seedDemoData } from './seed'
import { seedDemoLibrary } from './demo/demo-library'
import { DEMO_INVITE_CODE } from './demo/demo-month'
import { taskHandlers } from './task-handlers'
import { checkMediaTools, missingToolsMessage } from './media/tools'
import { KEY_FILE, keySource } from './matrix/token-key'
import { startWorkers } from './tasks/engine'

const config = readConfig()
const services = await openServices(config)
const app = await buildApp(services, { logger: true })
const logins = await seedDemoData(services)
await app.listen({ port: config.port, host: config.host })
if (config.runWorkers) await startWorkers(services, taskHandlers, config.workerConcurrency)
// The demo's media library is drawn by ffmpeg after the server is up: a few seconds a file.
if (logins.length > 0 && config.demoLibrary) {
  void seedDemoLibrary(services).then(
    (kept) => console.log(`Demo library: ${kept} generated clips and music beds shared by the platform with every account.`),
    (error: unknown) => console.log(`Demo library not made: ${(error as Error).message}`),
  )
}
const missingTools = missingToolsMessage(await checkMediaTools(), 'en-US')

const where = `http://${config.host}:${config.port}`
const consoleBuilt = Boolean(config.consoleDir && existsSync(join(config.consoleDir, 'index.html')))
console.log(`\n${consoleBuilt ? `Console on ${where}/\n` : ''}Console API on ${where}/api/v1 (docs: ${where}/api/v1/docs), database: ${services.dialect}, rate limits counted in ${config.redis ? 'Redis' : 'the database'}, ready ${Math.round(performance.now())} ms after the process started`)
console.log(config.runWorkers ? `Tasks run here, ${config.workerConcurrency} at a time${services.dialect === 'postgres' ? ' (and in any npm run worker on the same database)' : ''}.` : 'Tasks run in npm run worker processes (RUN_WORKERS=0 here).')
if (missingTools) console.log(missingTools)
const tokenKey = keySource(config)
if (tokenKey === 'file' && config.production) console.log(`Platform authorizations are sealed with a key kept in ${join(config.dataDir, KEY_FILE)}; a key kept apart from the data (TOKEN_ENCRYPTION_KEY) is safer.`)
if (tokenKey === 'none') console.log('Matrix distribution cannot authorize platform accounts until TOKEN_ENCRYPTION_KEY is set (the same on every process sharing the database).')
if (logins.length > 0) {
  console.log('\nEmpty database: seeded demo data. Sign in with (shown once, not stored anywhere):')
  for (const l of logins) console.log(`  ${l.role.padEnd(8)} ${l.username.padEnd(10)} ${l.password}`)
  console.log(`A merchant registers itself on the sign-in page with the partner's invitation code ${DEMO_INVITE_CODE}.`)
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => services.database.close()).then(() => process.exit(0))
  })
}
