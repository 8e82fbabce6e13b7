import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { postgresBacking, redisBacking, S3RVER_CREDENTIALS, storeBacking, type Backing } from './backing'
import { startNginx } from './nginx'
import { answering, freePort } from './ports'
import { supervise, type Supervised } from './supervised'

export interface ClusterOptions {
  apis: number
  workers: number
  /** nginx's port, where people open the console. */
  port: number
  /** The cluster's folder: its database, store, logs and secrets. */
  dir: string
  /** Start from nothing: the folder is removed first. */
  fresh?: boolean
  /**
   * Build dist/ first when its sources changed, as npm start does. Not where dist/ is built
   * already and in use: a build rewrites it under the servers serving it.
   */
  buildIfChanged: boolean
  /** A database of the operator's instead of the cluster's own PostgreSQL (which a chaos run can restart). */
  databaseUrl?: string
  /** A Redis of the operator's instead of the cluster's own. */
  redisUrl?: string
  /** Settings every API and worker process gets besides the cluster's (WORKER_CONCURRENCY, DEMO_LIBRARY…). */
  env?: Record<string, string>
  /** Each line the first API process writes, as it writes it. */
  onLine?: (line: string) => void
}

export interface Cluster {
  url: string
  dir: string
  logDir: string
  metricsToken: string
  databaseUrl: string
  apis: Supervised[]
  apiPorts: number[]
  workers: Supervised[]
  workerPorts: number[]
  /** The services it stands on that it started itself, by name (postgres, redis, store). */
  backing: Record<string, Backing>
  /** The settings every API and worker process was started with. */
  env: NodeJS.ProcessEnv
  /** The demo logins, when the first start seeded an empty database. */
  logins: { role: string; username: string; password: string }[]
  stop(): Promise<void>
}

const BUCKET = 'console'
const ROOT = resolve(import.meta.dirname, '../..')

/**
 * The deployment of deploy/ on one machine: nginx (deploy/nginx/console.conf) in front of N API
 * processes (RUN_WORKERS=0), M workers (npm run worker), PostgreSQL with the queue inside it,
 * Redis for the rate limits and an S3-compatible store (s3rver). Each API and worker process is
 * started again a second after it dies, as systemd's units (deploy/systemd) do.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dir = resolve(options.dir)
  if (options.fresh) rmSync(dir, { recursive: true, force: true })
  const logDir = join(dir, 'logs')
  mkdirSync(logDir, { recursive: true })
  const secrets = clusterSecrets(dir)
  const stops: (() => Promise<void>)[] = []
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => undefined)
  }
  try {
    if (options.buildIfChanged) execFileSync(process.execPath, [join(ROOT, 'scripts/build-if-changed.mjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
    const url = `http://127.0.0.1:${options.port}`
    const backing: Record<string, Backing> = {}
    const begin = async (service: Backing) => {
      await service.start()
      backing[service.name] = service
      stops.push(() => service.stop())
    }
    if (!options.databaseUrl) await begin(postgresBacking(await freePort(), join(dir, 'postgres'), logDir))
    if (!options.redisUrl) await begin(redisBacking(await freePort(), logDir))
    await begin(storeBacking(await freePort(), join(dir, 'store'), BUCKET, url, logDir))
    const databaseUrl = options.databaseUrl ?? backing.postgres!.url
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      REDIS_URL: options.redisUrl ?? backing.redis!.url,
      TOKEN_ENCRYPTION_KEY: secrets.tokenKey,
      REQUIRE_TOKEN_ENCRYPTION_KEY: '1',
      METRICS_TOKEN: secrets.metricsToken,
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: url,
      UPLOAD_STORE: 's3',
      S3_ENDPOINT: backing.store!.url,
      S3_REGION: 'us-east-1',
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
      ...options.env,
    }

    const logins: Cluster['logins'] = []
    const apiPorts = await Promise.all(Array.from({ length: options.apis }, () => freePort()))
    const apis = apiPorts.map((port, i) => {
      const name = `api-${i + 1}`
      const onLine = (line: string) => {
        const login = /^ {2}(admin|partner|merchant|agent)\s+(\S+)\s+(\S+)$/.exec(line)
        if (login) logins.push({ role: login[1]!, username: login[2]!, password: login[3]! })
        options.onLine?.(line)
      }
      return () => {
        const api = supervise({ name, command: process.execPath, args: ['dist/server/main.js'], cwd: ROOT, env: { ...env, PORT: String(port), RUN_WORKERS: '0', DATA_DIR: join(dir, name) }, logFile: join(logDir, `${name}.log`), ...(i === 0 ? { onLine } : {}) })
        stops.push(() => api.stop())
        return api
      }
    })
    // The first API process migrates and, on an empty database, seeds it; the others start on what it made.
    const started = [apis[0]!()]
    await answering(`http://127.0.0.1:${apiPorts[0]}/ready`, 120_000)
    started.push(...apis.slice(1).map((start) => start()))
    const workerPorts = await Promise.all(Array.from({ length: options.workers }, () => freePort()))
    // npm run worker's tsx, loaded into one node process (tsx's own command would put a second one between).
    const workers = workerPorts.map((port, i) => {
      const name = `worker-${i + 1}`
      const worker = supervise({ name, command: process.execPath, args: ['--import', 'tsx', 'src/server/worker.ts'], cwd: ROOT, env: { ...env, HEALTH_PORT: String(port), DATA_DIR: join(dir, name) }, logFile: join(logDir, `${name}.log`) })
      stops.push(() => worker.stop())
      return worker
    })
    await Promise.all([...apiPorts.map((port) => answering(`http://127.0.0.1:${port}/ready`, 120_000)), ...workerPorts.map((port) => answering(`http://127.0.0.1:${port}/ready`, 120_000))])
    const nginx = await startNginx(join(dir, 'nginx'), join(ROOT, 'deploy/nginx/console.conf'), options.port, apiPorts)
    stops.push(() => nginx.stop())
    await answering(`${url}/ready`)
    return { url, dir, logDir, metricsToken: secrets.metricsToken, databaseUrl, env, apis: started, apiPorts, workers, workerPorts, backing, logins, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Made once and kept in the folder: the tokens sealed with the key must open after a restart. */
function clusterSecrets(dir: string): { tokenKey: string; metricsToken: string } {
  const file = join(dir, 'secrets.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { tokenKey: string; metricsToken: string }
  const secrets = { tokenKey: randomBytes(32).toString('base64'), metricsToken: randomBytes(16).toString('hex') }
  writeFileSync(file, `${JSON.stringify(secrets)}\n`, { mode: 0o600 })
  return secrets
}
