import { resolve } from 'node:path'
import { availableParallelism } from 'node:os'
import { parseTokenKey } from './matrix/token-seal'

/** Everything the server reads from the environment, read once at start and passed down. */
export interface Config {
  port: number
  host: string
  /** Holds the SQLite file and uploads. */
  dataDir: string
  /** PostgreSQL when set; the embedded SQLite file otherwise. */
  databaseUrl?: string
  /** PostgreSQL schema to work in (created when missing); tests give each run its own. */
  databaseSchema?: string
  schemasDir: string
  /** The built console to serve beside the API; nothing is served when the folder has no build. */
  consoleDir?: string
  sessionTtlHours: number
  /** How long a console opened by overstep login lasts at most; it ends sooner with the session that opened it. */
  overstepTtlMinutes: number
  /** Largest request body accepted, in bytes. */
  bodyLimit: number
  /** Check every answer against its endpoint's response schema (on outside production). */
  validateResponses: boolean
  loginRateLimit: { perUsername: number; perAddress: number; windowMs: number }
  /** Tries at change_pwd, each a guess at the current password: per signed-in account and per address. */
  passwordChangeRateLimit: { perAccount: number; perAddress: number; windowMs: number }
  /** Authorizations started from links per address in the window: each is a row, and the links are open to anyone. */
  authorizationStartRateLimit: { perAddress: number; windowMs: number }
  /** Registrations tried per address in the window, whether they succeed or not. */
  registerRateLimit: { perAddress: number; windowMs: number }
  /** Calls to the AI writer (chat and titles together) per account in the window: each costs the platform tokens. */
  aiRateLimit: { perAccount: number; windowMs: number }
  /** Voice previews (voice_clone/speak) per minute per account (SPEAK_LIMIT_PER_ACCOUNT), and made at once in this process. */
  speakLimit: { perAccount: number; windowMs: number; atOnce: number }
  /** Live event streams (task/events and the like) one account may hold open in this process (EVENT_STREAMS_PER_ACCOUNT). */
  eventStreamsPerAccount: number
  /**
   * The most a list searched by any part of an indexed field (x-index "contains") counts
   * (SEARCH_COUNT_LIMIT): past it, the list says there are more than this many.
   */
  searchCountLimit: number
  /** Where the rate limits count when set; in the database otherwise. */
  redis?: RedisConfig
  passwordReset: PasswordResetConfig
  logLevel: string
  /**
   * Proxies whose X-Forwarded-For is believed (the client address feeds the login rate limit):
   * a hop count, or addresses and CIDR ranges; false when the server faces clients directly.
   */
  trustProxy: false | number | string[]
  /** Where uploaded files are kept. */
  uploads: UploadStoreConfig
  /** The largest media file (a video) an upload may stream to disk, in bytes (MEDIA_MAX_MB). */
  mediaMaxBytes: number
  /** Jobs one worker process runs at once (WORKER_CONCURRENCY, default one per core). */
  workerConcurrency: number
  /** Every task kind's lease at once, instead of each kind's own leaseSeconds (TASK_LEASE_SECONDS; short in tests that kill workers). */
  taskLeaseSeconds?: number
  /**
   * Seals the platforms' access and refresh tokens and signs authorization links (TOKEN_ENCRYPTION_KEY,
   * 32 bytes). Without it a key file in dataDir is made on first use, except in production on
   * PostgreSQL or with requireTokenKey, where authorizing accounts is refused until it is set.
   */
  tokenEncryptionKey?: Buffer
  /** REQUIRE_TOKEN_ENCRYPTION_KEY=1: no key file is made in dataDir; authorizing accounts waits for TOKEN_ENCRYPTION_KEY. */
  requireTokenKey: boolean
  /**
   * The site's address as people reach it (https://console.example.com), from PUBLIC_URL: where
   * platforms send a person back after authorizing an account. Unset, the settings' site address
   * (init.site_url) is used, and without that the address the request came to.
   */
  publicUrl?: string
  /** NODE_ENV is production: nothing is made up in its place when a secret is missing. */
  production: boolean
  /** The first pause before a failed task is tried again, in seconds (TASK_RETRY_SECONDS, 15; each next pause is 4 times longer, at most 15 min). */
  taskRetrySeconds?: number
  /** Every task kind's longest run at once, in seconds, instead of each kind's runMinutes (TASK_RUN_SECONDS; short in tests and drills). */
  taskRunSeconds?: number
  /** Every scheduled task kind's look for due work at once, instead of each kind's own `every` (TASK_EVERY_SECONDS; short in tests). */
  taskEverySeconds?: number
  /** Tests only: quicker vendor polling than a real job needs. */
  vendorTiming?: { pollMs?: number; timeoutMs?: number; jobTimeoutMs?: number }
  /** Where `npm run worker` answers GET /health and GET /ready for a load balancer or supervisor (HEALTH_PORT); not at all when unset. */
  healthPort?: number
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); without it there is no /metrics. */
  metricsToken?: string
  /** Whether `npm start` runs workers beside the API (RUN_WORKERS, default 1); `npm run worker` always does. */
  runWorkers: boolean
  /** On an empty database, seed a month of demo activity behind the demo logins (else the logins alone). */
  demoMonth: boolean
  /** DEMO_LIBRARY: on a freshly seeded database, draw the platform's shared demo library with ffmpeg. */
  demoLibrary: boolean
}

/** A Redis server, and the start of every key this app keeps in it. */
export interface RedisConfig {
  url: string
  /** Apps (or test runs) sharing one Redis each keep their counts under a prefix of their own. */
  keyPrefix: string
}

/** Local disk under dataDir/uploads (served by this server), or an S3-compatible bucket. */
export type UploadStoreConfig =
  | { store: 'local' }
  | { store: 's3'; endpoint?: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; publicUrl: string; forcePathStyle: boolean }

/** Forgot password: the image captcha, the reset code, its limits and how it is delivered. */
export interface PasswordResetConfig {
  /** `log` writes the code to the server log (the embedded default); `webhook` POSTs it to webhookUrl. */
  provider: 'log' | 'webhook'
  webhookUrl?: string
  /** Sent as `Authorization: Bearer …` so the receiver can tell the call is ours. */
  webhookToken?: string
  captchaTtlSeconds: number
  /** Captcha pictures one address may fetch per minute; only a guard against filling the table. */
  captchasPerMinute: number
  codeTtlSeconds: number
  /** Tries one code allows, the right one included; then it is dead. */
  maxAttempts: number
  /** The least time between two codes for one account. */
  resendSeconds: number
  /** Codes per hour: per account stops mail-bombing one person, per address stops sweeping many. */
  perAccountPerHour: number
  perAddressPerHour: number
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production'
  return {
    port: integer(env, 'PORT', 3000),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    schemasDir: resolve(env.SCHEMAS_DIR || './schemas'),
    consoleDir: resolve(env.CONSOLE_DIR || './dist/console'),
    sessionTtlHours: integer(env, 'SESSION_TTL_HOURS', 24 * 7),
    overstepTtlMinutes: integer(env, 'OVERSTEP_TTL_MINUTES', 120),
    bodyLimit: integer(env, 'BODY_LIMIT', 1024 * 1024),
    validateResponses: env.VALIDATE_RESPONSES ? env.VALIDATE_RESPONSES === '1' : !production,
    loginRateLimit: {
      perUsername: integer(env, 'LOGIN_LIMIT_PER_USERNAME', 10),
      perAddress: integer(env, 'LOGIN_LIMIT_PER_ADDRESS', 30),
      windowMs: 60_000,
    },
    passwordChangeRateLimit: {
      perAccount: integer(env, 'CHANGE_PASSWORD_LIMIT_PER_ACCOUNT', 5),
      perAddress: integer(env, 'CHANGE_PASSWORD_LIMIT_PER_ADDRESS', 20),
      windowMs: 15 * 60_000,
    },
    registerRateLimit: { perAddress: integer(env, 'REGISTER_LIMIT_PER_ADDRESS', 5), windowMs: 60_000 },
    authorizationStartRateLimit: { perAddress: integer(env, 'AUTHORIZATION_START_LIMIT_PER_ADDRESS', 30), windowMs: 60_000 },
    aiRateLimit: { perAccount: integer(env, 'AI_LIMIT_PER_ACCOUNT', 30), windowMs: 60_000 },
    speakLimit: { perAccount: integer(env, 'SPEAK_LIMIT_PER_ACCOUNT', 20), windowMs: 60_000, atOnce: 2 },
    eventStreamsPerAccount: integer(env, 'EVENT_STREAMS_PER_ACCOUNT', 20) || 20,
    // At least the thousand matches a search reads from its index (list-query.ts), below which SQLite counts exactly whatever the limit: both databases then answer alike.
    searchCountLimit: Math.max(integer(env, 'SEARCH_COUNT_LIMIT', 2_000), 1_000),
    redis: redisOf(env),
    passwordReset: passwordResetOf(env),
    logLevel: env.LOG_LEVEL || (production ? 'info' : 'warn'),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    uploads: uploadStoreOf(env),
    demoMonth: env.DEMO_MONTH !== '0',
    demoLibrary: env.DEMO_LIBRARY !== '0',
    mediaMaxBytes: integer(env, 'MEDIA_MAX_MB', 2048) * 1024 * 1024,
    workerConcurrency: integer(env, 'WORKER_CONCURRENCY', availableParallelism()) || 1,
    runWorkers: env.RUN_WORKERS !== '0',
    ...(env.HEALTH_PORT ? { healthPort: integer(env, 'HEALTH_PORT', 0) } : {}),
    ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN } : {}),
    taskLeaseSeconds: env.TASK_LEASE_SECONDS ? integer(env, 'TASK_LEASE_SECONDS', 60) || undefined : undefined,
    taskRetrySeconds: env.TASK_RETRY_SECONDS ? integer(env, 'TASK_RETRY_SECONDS', 15) || undefined : undefined,
    taskRunSeconds: env.TASK_RUN_SECONDS ? integer(env, 'TASK_RUN_SECONDS', 0) || undefined : undefined,
    taskEverySeconds: env.TASK_EVERY_SECONDS ? integer(env, 'TASK_EVERY_SECONDS', 60) || undefined : undefined,
    tokenEncryptionKey: env.TOKEN_ENCRYPTION_KEY ? parseTokenKey(env.TOKEN_ENCRYPTION_KEY) : undefined,
    requireTokenKey: env.REQUIRE_TOKEN_ENCRYPTION_KEY === '1',
    ...(env.PUBLIC_URL ? { publicUrl: siteOriginOf('PUBLIC_URL', env.PUBLIC_URL) } : {}),
    production,
  }
}

function uploadStoreOf(env: NodeJS.ProcessEnv): UploadStoreConfig {
  const store = env.UPLOAD_STORE || 'local'
  if (store === 'local') return { store }
  if (store !== 's3') throw new Error(`Environment variable UPLOAD_STORE must be local or s3, but it is "${store}".`)
  const need = (name: string) => {
    const value = env[name]
    if (!value) throw new Error(`UPLOAD_STORE=s3 needs the environment variable ${name}.`)
    return value
  }
  const endpoint = env.S3_ENDPOINT || undefined
  const bucket = need('S3_BUCKET')
  const region = env.S3_REGION || 'us-east-1'
  return {
    store,
    endpoint,
    region,
    bucket,
    accessKeyId: need('S3_ACCESS_KEY_ID'),
    secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
    // Where browsers read the files: a CDN in front of the bucket, or the bucket itself.
    publicUrl: (env.S3_PUBLIC_URL || (endpoint ? `${endpoint}/${bucket}` : `https://${bucket}.s3.${region}.amazonaws.com`)).replace(/\/$/, ''),
    // S3-compatible servers (MinIO, Ceph) usually want path-style addressing.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === '1' : Boolean(endpoint),
  }
}

function redisOf(env: NodeJS.ProcessEnv): RedisConfig | undefined {
  const url = env.REDIS_URL || undefined
  if (!url) return undefined
  // Anything else ioredis would take for a host name or a socket path, and fail only at the first sign-in.
  if (!/^rediss?:\/\/[^\s]+$/.test(url)) throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, but it is "${url}".`)
  return { url, keyPrefix: env.REDIS_KEY_PREFIX || 'console:' }
}

function passwordResetOf(env: NodeJS.ProcessEnv): PasswordResetConfig {
  const provider = env.RESET_CODE_PROVIDER || 'log'
  if (provider !== 'log' && provider !== 'webhook') {
    throw new Error(`RESET_CODE_PROVIDER must be "log" or "webhook", but it is "${provider}".`)
  }
  const webhookUrl = env.RESET_CODE_WEBHOOK_URL || undefined
  if (provider === 'webhook') {
    if (!webhookUrl) throw new Error('RESET_CODE_PROVIDER=webhook needs RESET_CODE_WEBHOOK_URL, the address reset codes are posted to.')
    if (!/^https?:\/\/[^\s]+$/.test(webhookUrl)) throw new Error(`RESET_CODE_WEBHOOK_URL must be an http(s) URL, but it is "${webhookUrl}".`)
  }
  return {
    provider,
    webhookUrl,
    webhookToken: env.RESET_CODE_WEBHOOK_TOKEN || undefined,
    captchaTtlSeconds: 5 * 60,
    captchasPerMinute: 60,
    codeTtlSeconds: 10 * 60,
    maxAttempts: 5,
    resendSeconds: 60,
    perAccountPerHour: integer(env, 'RESET_CODE_LIMIT_PER_ACCOUNT', 5),
    perAddressPerHour: integer(env, 'RESET_CODE_LIMIT_PER_ADDRESS', 20),
  }
}

/** The origin of an http(s) address given in the environment; anything else stops the start with why. */
function siteOriginOf(name: string, raw: string): string {
  const origin = httpOrigin(raw)
  if (!origin) throw new Error(`Environment variable ${name} must be an http:// or https:// address, such as https://console.example.com, but it is "${raw}".`)
  return origin
}

/** The origin of an http or https address (https://example.com from https://Example.com/admin/), or undefined. */
export function httpOrigin(raw: string): string | undefined {
  const url = URL.canParse(raw) ? new URL(raw) : undefined
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : undefined
}

function trustProxyOf(raw: string | undefined): Config['trustProxy'] {
  if (!raw) return false
  if (/^\d+$/.test(raw)) return Number(raw)
  return raw.split(',').map((s) => s.trim()).filter(Boolean)
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`Environment variable ${name} must be a whole number, but it is "${raw}".`)
  }
  return value
}
