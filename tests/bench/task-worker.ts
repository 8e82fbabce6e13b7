/**
 * `npm run worker` for the bench's task queue figures: the same start (services, then workers
 * at WORKER_CONCURRENCY), with the product's handlers and one more, `bench.noop`, which does
 * nothing, so what is timed is the queue and the runner around the work. Its task kind is
 * declared only in the bench's copy of schemas/ (SCHEMAS_DIR), never in the product's.
 */
import { readConfig } from '../../src/server/config'
import { openServices } from '../../src/server/start'
import { taskHandlers } from '../../src/server/task-handlers'
import { taskHandler } from '../../src/server/tasks/task-handler'
import { startWorkers } from '../../src/server/tasks/engine'

export const NOOP_HANDLER = 'bench.noop'

/** The product's handlers and the no-op, as every process running the bench's tasks gives them to its workers. */
export const benchTaskHandlers = {
  ...taskHandlers,
  [NOOP_HANDLER]: taskHandler(['noop'], {
    async run() {
      return { result: {} }
    },
  }),
}

// Run as a script (node --import tsx tests/bench/task-worker.ts), not when imported for its handlers.
if (process.argv[1]?.endsWith('task-worker.ts')) {
  const config = readConfig()
  const services = await openServices(config)
  await startWorkers(services, benchTaskHandlers, config.workerConcurrency)
  console.log(`Task worker ${services.tasks.workerId}: ${config.workerConcurrency} at a time, database: ${services.dialect}`)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void services.database.close().then(() => process.exit(0))
    })
  }
}
