/** npm run worker: a process that only runs tasks, beside any number of API processes on the same database. */
import Fastify from 'fastify'
import { readConfig } from './config'
import { healthRoutes } from './health/routes'
import { metricsRoutes } from './metrics/routes'
import { openServices } from './start'
import { taskHandlers } from './task-handlers'
import { checkMediaTools, missingToolsMessage } from './media/tools'
import { startWorkers } from './tasks/engine'

const config = readConfig()
const services = await openServices(config)
await startWorkers(services, taskHandlers, config.workerConcurrency)
// A worker serves no API; it answers only whether it is alive and can take tasks, and its figures, where asked to.
const probes = config.healthPort === undefined ? undefined : Fastify({ logger: { level: 'warn' } })
if (probes) {
  await probes.register(healthRoutes, { services })
  await probes.register(metricsRoutes, { services })
  await probes.listen({ port: config.healthPort, host: config.host })
}
const missing = missingToolsMessage(await checkMediaTools(), 'en-US')
const where = probes ? `, health on http://${config.host}:${config.healthPort}/ready` : ''
console.log(`Task worker ${services.tasks.workerId}: ${config.workerConcurrency} at a time, database: ${services.dialect}, queue: ${services.dialect === 'postgres' ? 'pg-boss' : 'the database table task_job'}${where}${missing ? `. ${missing}` : ''}`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // Tasks running now stop; their leases run out and another worker takes them again.
    void Promise.resolve(probes?.close()).then(() => services.database.close()).then(() => process.exit(0))
  })
}
