/**
 * npm run cluster: the deployment of deploy/ on this machine: nginx on PORT (8080) in front of
 * 2 API processes and 2 task workers, on a PostgreSQL, a Redis and an S3 store of its own in
 * .cluster/. Ctrl-C, or `npm run cluster -- stop` from another terminal, stops it all.
 *
 * Options: --apis N, --workers N, --port P, --dir DIR, --fresh (start from an empty folder).
 * DATABASE_URL or REDIS_URL, when set, are used instead of the cluster's own.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { startCluster } from './cluster'

const { values, positionals } = parseArgs({
  options: {
    apis: { type: 'string', default: '2' },
    workers: { type: 'string', default: '2' },
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    dir: { type: 'string', default: '.cluster' },
    fresh: { type: 'boolean', default: false },
  },
  allowPositionals: true,
})
const dir = resolve(values.dir)
const pidFile = join(dir, 'cluster.pid')

if (positionals[0] === 'stop') {
  if (!existsSync(pidFile)) {
    console.log(`No cluster runs from ${relative(process.cwd(), dir) || dir}.`)
    process.exit(0)
  }
  const pid = Number(readFileSync(pidFile, 'utf8'))
  try {
    process.kill(pid, 'SIGTERM')
    console.log(`Asked the cluster (process ${pid}) to stop; it stops nginx, the APIs, the workers and the services in turn.`)
  } catch {
    rmSync(pidFile, { force: true })
    console.log(`The cluster's process ${pid} is gone already.`)
  }
  process.exit(0)
}

const count = (name: string, raw: string) => {
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`--${name} takes a whole number from 1 to 16, not "${raw}".`)
  return n
}
const began = performance.now()
console.log('Starting the cluster: its services, then the API processes, the workers and nginx…')
const cluster = await startCluster({
  buildIfChanged: true,
  apis: count('apis', values.apis),
  workers: count('workers', values.workers),
  port: Number(values.port),
  dir,
  fresh: values.fresh,
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
})
writeFileSync(pidFile, String(process.pid))
const where = (path: string) => relative(process.cwd(), path) || path
const lines = [
  `\nCluster up in ${((performance.now() - began) / 1000).toFixed(1)} s: ${cluster.url}/ (nginx in front of ${cluster.apis.length} API processes; ${cluster.workers.length} task workers)`,
  `  PostgreSQL  ${cluster.databaseUrl}${cluster.backing.postgres ? ` (the cluster's own, in ${where(join(cluster.dir, 'postgres'))})` : ''}`,
  ...(cluster.backing.redis ? [`  Redis       ${cluster.backing.redis.url}`] : []),
  `  S3 store    ${cluster.backing.store!.url}/console (s3rver, files in ${where(join(cluster.dir, 'store'))})`,
  `  APIs        ${cluster.apiPorts.map((port) => `127.0.0.1:${port}`).join(', ')}; workers' health ${cluster.workerPorts.map((port) => `127.0.0.1:${port}`).join(', ')}`,
  `  Metrics     curl -H 'Authorization: Bearer ${cluster.metricsToken}' http://127.0.0.1:${cluster.apiPorts[0]}/metrics`,
  `  Logs        ${where(cluster.logDir)}/ (one JSON line each, after the start-up lines)`,
]
if (cluster.logins.length > 0) {
  lines.push('\nEmpty database: seeded demo data. Sign in with (shown once, not stored anywhere):')
  for (const login of cluster.logins) lines.push(`  ${login.role.padEnd(8)} ${login.username.padEnd(10)} ${login.password}`)
} else {
  lines.push(`\nThe database was seeded by an earlier start, whose output showed its logins; DATABASE_URL=${cluster.databaseUrl} npm run user:create resets one. --fresh starts from nothing.`)
}
lines.push('\nCtrl-C (or npm run cluster -- stop) stops it all.')
console.log(lines.join('\n'))

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    console.log('\nStopping the cluster…')
    void cluster.stop().then(() => {
      rmSync(pidFile, { force: true })
      console.log('Stopped: nginx, the API processes, the workers, the store, Redis and PostgreSQL.')
      process.exit(0)
    })
  })
}
