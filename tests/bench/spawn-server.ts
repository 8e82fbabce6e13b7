import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Cleanup } from './cleanup'
import { REPO_ROOT, TSX_CLI } from './paths'
import { freePort, startNodeOptions } from '../e2e/harness'
import { treeCpuMs } from './process-cpu'

/** How to run a server: a built .js under plain node with npm start's options, or a .ts under tsx. */
export interface ServerCommand {
  file: string
  runner: 'node' | 'tsx'
}

export interface RunningServer {
  port: number
  /** The server's process, for reading its memory from /proc. */
  pid: number
  /** Wall time from spawn() to the port accepting a connection: node start-up, imports and the server's own start. */
  spawnToListeningMs: number
  /** The "ready N ms after the process started" the server printed itself (performance.now() at listen), when it prints one. */
  readyMs: number | undefined
  /** CPU ms the server's processes have used so far; undefined where /proc is not there. */
  cpuMs(): number | undefined
  stop(): Promise<void>
}

const START_TIMEOUT_MS = 30_000

/**
 * Run a server in its own process on 127.0.0.1 and a free port, from the repo root (the
 * server finds schemas/ from there). Its output goes to `logFile`, not a pipe: a
 * per-request log must not make the bench process (which also drives the load) spend
 * CPU reading it.
 */
export async function spawnServer(command: ServerCommand, opts: { env: Record<string, string>; logFile: string; cleanup: Cleanup }): Promise<RunningServer> {
  const entry = command.file
  const port = await freePort()
  const out = openSync(opts.logFile, 'w')
  const startedAt = performance.now()
  const child = spawn(process.execPath, command.runner === 'tsx' ? [TSX_CLI, entry] : [...startNodeOptions(), entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...opts.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  })
  closeSync(out)
  const stop = () => stopChild(child)
  opts.cleanup.add(stop)

  const exited = new Promise<never>((_, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`${entry} exited (code ${code}) before listening. Its output:\n${tail(opts.logFile)}`)))
  })
  // Marked handled now: the same exit is expected later, when stop() ends the server.
  exited.catch(() => undefined)
  await Promise.race([waitForPort(port, START_TIMEOUT_MS, entry), exited])
  const spawnToListeningMs = performance.now() - startedAt
  const pid = child.pid!
  return { port, pid, spawnToListeningMs, readyMs: await readyLine(opts.logFile), cpuMs: () => treeCpuMs(pid), stop }
}

/** SIGTERM lets the server close its database cleanly; under tsx, tsx passes the signal on to it. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await gone
  clearTimeout(timer)
}

/** Ask the OS for a port nobody holds; the tiny race before the child binds it is acceptable here. */

/** A TCP connect, not an HTTP request: it is the first moment a client could be served, and costs the poller nothing to set up. */
async function waitForPort(port: number, timeoutMs: number, entry: string): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (performance.now() < deadline) {
    if (await accepts(port)) return
    await sleep(5)
  }
  throw new Error(`${entry} did not listen on 127.0.0.1:${port} within ${timeoutMs / 1000} s.`)
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** main.ts prints its line right after listen(), so give it a moment to land in the file. */
async function readyLine(logFile: string): Promise<number | undefined> {
  for (let i = 0; i < 100; i++) {
    const match = /ready (\d+) ms after the process started/.exec(readFileSync(logFile, 'utf8'))
    if (match) return Number(match[1])
    await sleep(10)
  }
  return undefined
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n')
  } catch {
    return '(its output is gone: the temp folder was already removed)'
  }
}
