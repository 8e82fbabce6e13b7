/** npm run worker: a process that only runs tasks, beside any number of API processes on the same database. */
import { readConfig } from './config'
import { openServices } from './start'
import { taskHandlers } from './task-handlers'
import { checkMediaTools, missingToolsMessage } from './media/tools'

const config = readConfig()
const services = await openServices(config)
await services.tasks.startWorkers(services, taskHandlers, config.workerConcurrency)
const missing = missingToolsMessage(await checkMediaTools(), 'en-US')
console.log(`Task worker ${services.tasks.workerId}: ${config.workerConcurrency} at a time, database: ${services.dialect}, queue: ${services.dialect === 'postgres' ? 'pg-boss' : 'the database table task_job'}${missing ? `. ${missing}` : ''}`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // Tasks running now stop; their leases run out and another worker takes them again.
    void services.database.close().then(() => process.exit(0))
  })
}
