import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import type { Cluster } from '../../../scripts/cluster/cluster'
import type { Db } from '../../../src/server/db/connect'

/** One fault as it happened: when it began and ended, and how soon everything answered again. */
export interface FaultRun {
  name: string
  started: number
  /** When the fault itself was over: the kill sent, the service started again. */
  ended: number
  /** From the fault's end (the kill, the service back) until a request through nginx was served again. */
  servedAgainMs: number
  /** From the fault's end until every API and worker said /ready again. */
  readyAgainMs: number
  note: string
}

export interface Fault {
  name: string
  /** Do it; answers a note (which process, how long the service was away). */
  run(cluster: Cluster, db: Db): Promise<string>
}

/** How long the store and Redis stay away. */
const OUTAGE_MS = 10_000

/** The faults of a chaos run, in order: an API killed, a worker killed mid-task, PostgreSQL restarted, the store and Redis away for a while. */
export const FAULTS: Fault[] = [
  {
    name: 'kill -9 an API process',
    async run(cluster) {
      const api = cluster.apis[0]!
      const pid = api.pid()
      api.kill('SIGKILL')
      return `api-1 (pid ${pid})`
    },
  },
  {
    name: 'kill -9 a worker mid-task',
    async run(cluster, db) {
      // The worker holding a running task, by the process id in its worker name (host:pid:random).
      for (let tries = 0; tries < 300; tries++) {
        const running = await db.selectFrom('task').select(['id', 'worker']).where('status', '=', 'running').execute()
        for (const task of running) {
          const pid = Number(String(task.worker).split(':')[1])
          const worker = cluster.workers.find((w) => w.pid() === pid)
          if (worker) {
            worker.kill('SIGKILL')
            return `${worker.name} (pid ${pid}) running task ${task.id}`
          }
        }
        await sleep(100)
      }
      throw new Error('no task ran for 30 s: the load submits none?')
    },
  },
  {
    name: 'restart PostgreSQL',
    async run(cluster) {
      const began = performance.now()
      await cluster.backing.postgres!.stop()
      await cluster.backing.postgres!.start()
      return `down and up in ${Math.round(performance.now() - began)} ms (pg_ctl stop -m fast, start)`
    },
  },
  {
    name: 'stop and start the S3 store',
    async run(cluster) {
      await cluster.backing.store!.stop()
      await sleep(OUTAGE_MS)
      await cluster.backing.store!.start()
      return `away ${OUTAGE_MS / 1000} s`
    },
  },
  {
    name: 'stop and start Redis',
    async run(cluster) {
      await cluster.backing.redis!.stop()
      await sleep(OUTAGE_MS)
      await cluster.backing.redis!.start()
      return `away ${OUTAGE_MS / 1000} s (it keeps nothing: the rate limits start again from zero)`
    },
  },
]

/** Run one fault and watch for the cluster to serve and be ready again (at most two minutes). */
export async function runFault(fault: Fault, cluster: Cluster, db: Db, probeToken: string): Promise<FaultRun> {
  const started = performance.now()
  const note = await fault.run(cluster, db)
  const ended = performance.now()
  const served = async () => {
    try {
      const res = await fetch(`${cluster.url}/api/v1/platform/get_user_info`, { method: 'POST', headers: { platform: 'pc', token: probeToken }, signal: AbortSignal.timeout(2000) })
      return res.status === 200
    } catch {
      return false
    }
  }
  const ready = async () => {
    const ports = [...cluster.apiPorts, ...cluster.workerPorts]
    const answers = await Promise.all(ports.map((port) => fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(2000) }).then((res) => res.status === 200, () => false)))
    return answers.every(Boolean)
  }
  let servedAgainMs = NaN
  let readyAgainMs = NaN
  const until = ended + 120_000
  while (performance.now() < until && (Number.isNaN(servedAgainMs) || Number.isNaN(readyAgainMs))) {
    if (Number.isNaN(servedAgainMs) && (await served())) servedAgainMs = performance.now() - ended
    if (Number.isNaN(readyAgainMs) && (await ready())) readyAgainMs = performance.now() - ended
    await sleep(100)
  }
  return { name: fault.name, started, ended, servedAgainMs, readyAgainMs, note }
}

/** A database reachable again after its restart, for the checks that follow. */
export async function databaseAnswers(db: Db): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    try {
      await sql`select 1`.execute(db)
      return
    } catch {
      await sleep(200)
    }
  }
}
