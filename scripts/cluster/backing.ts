import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdirSync, readdirSync, writeFileSync, openSync } from 'node:fs'
import { join } from 'node:path'
import { listening } from './ports'

/** A service the cluster stands on, which a chaos run stops and starts again. */
export interface Backing {
  name: string
  url: string
  start(): Promise<void>
  stop(): Promise<void>
}

/** A program run in the foreground as a child, stopped with SIGTERM. */
function childBacking(name: string, url: string, port: number, command: string, args: string[], logFile: string): Backing {
  let child: ChildProcess | undefined
  return {
    name,
    url,
    async start() {
      const out = openSync(logFile, 'a')
      child = spawn(command, args, { stdio: ['ignore', out, out] })
      await listening(port)
    },
    async stop() {
      const running = child
      child = undefined
      if (!running || running.exitCode !== null) return
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve())
        running.kill('SIGTERM')
      })
    },
  }
}

/** Redis for the rate limits, keeping nothing on disk. */
export function redisBacking(port: number, logDir: string): Backing {
  return childBacking('redis', `redis://127.0.0.1:${port}`, port, 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], join(logDir, 'redis.log'))
}

/** s3rver's fixed credentials: it looks up the access key and checks nothing else. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

/**
 * An S3-compatible store on one machine: s3rver, with one bucket whose CORS rules let the console's
 * origin POST to it, as the README asks of any bucket browsers upload to.
 */
export function storeBacking(port: number, dir: string, bucket: string, consoleOrigin: string, logDir: string): Backing {
  mkdirSync(join(dir, 'files'), { recursive: true })
  const cors = join(dir, 'cors.xml')
  writeFileSync(
    cors,
    `<CORSConfiguration><CORSRule><AllowedOrigin>${consoleOrigin}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>\n`,
  )
  const bin = join(process.cwd(), 'node_modules', '.bin', 's3rver')
  return childBacking('store', `http://127.0.0.1:${port}`, port, bin, ['--directory', join(dir, 'files'), '--address', '127.0.0.1', '--port', String(port), '--silent', '--no-vhost-buckets', '--configure-bucket', bucket, cors], join(logDir, 'store.log'))
}

/** Debian's PostgreSQL programs, the newest installed. */
function postgresBin(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : []
  if (versions.length === 0) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql), or set DATABASE_URL to a database of yours.')
  return join(root, versions[0]!, 'bin')
}

/**
 * A PostgreSQL server of the cluster's own, in a folder of its own on a port of its own, so that a
 * chaos run restarts it without touching any other database on the machine. PostgreSQL refuses
 * to run as root: as root, its programs run as the postgres user Debian's package made.
 */
export function postgresBacking(port: number, dir: string, logDir: string): Backing {
  const bin = postgresBin()
  const asRoot = process.getuid?.() === 0
  const run = (program: string, args: string[]) => {
    const [command, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args]
    execFileSync(command, all, { stdio: ['ignore', 'pipe', 'pipe'] })
  }
  const data = join(dir, 'data')
  const log = join(logDir, 'postgres.log')
  return {
    name: 'postgres',
    url: `postgres://postgres@127.0.0.1:${port}/console`,
    async start() {
      if (!existsSync(join(data, 'PG_VERSION'))) {
        mkdirSync(data, { recursive: true })
        if (asRoot) {
          try {
            execFileSync('runuser', ['-u', 'postgres', '--', 'test', '-x', dir])
          } catch {
            throw new Error(`PostgreSQL runs as the postgres user, which cannot reach ${dir}: let others into the folders above it (chmod o+x), or choose another --dir.`)
          }
          const { uid, gid } = postgresIds()
          chownSync(dir, uid, gid)
          chownSync(data, uid, gid)
          if (!existsSync(log)) writeFileSync(log, '')
          chownSync(log, uid, gid)
        }
        run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
      }
      run('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`, 'start'])
      try {
        run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'console'])
      } catch {
        // There already: a cluster started before in the same folder.
      }
    },
    async stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
    },
  }
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim())
  return { uid: id('-u'), gid: id('-g') }
}
