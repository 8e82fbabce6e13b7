/** npm start: migrate, seed an empty database, serve the API (and, once built, the console). */
import { readConfig } from './config'
import { openServices } from './start'
import { buildApp } from './app'
import { seedDemoData } from './seed'
import { DEMO_INVITE_CODE } from './demo/demo-month'
import { taskHandlers } from './task-handlers'
import { checkMediaTools, missingToolsMessage } from './media/tools'

const config = readConfig()
const services = await openServices(config)
const app = await buildApp(services, { logger: true })
const logins = await seedDemoData(services)
await app.listen({ port: config.port, host: config.host })
if (config.runWorkers) await services.tasks.startWorkers(services, taskHandlers, config.workerConcurrency)
const missingTools = missingToolsMessage(await checkMediaTools(), 'en-US')

const where = `http://${config.host}:${config.port}`
console.log(`\nConsole API on ${where}/api/v1 (docs: ${where}/api/v1/docs), database: ${services.dialect}, rate limits counted in ${config.redis ? 'Redis' : 'the database'}, ready ${Math.round(performance.now())} ms after the process started`)
console.log(config.runWorkers ? `Tasks run here, ${config.workerConcurrency} at a time${services.dialect === 'postgres' ? ' (and in any npm run worker on the same database)' : ''}.` : 'Tasks run in npm run worker processes (RUN_WORKERS=0 here).')
if (missingTools) console.log(missingTools)
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
