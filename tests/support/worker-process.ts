import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import type { Config } from '../../src/server/config'

const ROOT = resolve(__dirname, '../..')

/**
 * `npm run worker` on a test server's database, as another machine would run it, in a process
 * group of its own so that a test can kill it and its ffmpeg at once. Settles once it is taking tasks.
 */
export async function startWorkerProcess(config: Config, schemasDir: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: config.dataDir, SCHEMAS_DIR: schemasDir, DATABASE_URL: config.databaseUrl ?? '', DATABASE_SCHEMA: config.databaseSchema ?? '', NODE_ENV: 'test', TASK_RETRY_SECONDS: String(config.taskRetrySeconds ?? ''), ...env },
  })
  let out = ''
  await new Promise<void>((ready, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('Task worker')) ready()
    })
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.once('exit', (code) => fail(new Error(`The worker stopped (${code}) before it was ready: ${out}`)))
  })
  return child
}
