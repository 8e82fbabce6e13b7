import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, type WriteStream } from 'node:fs'

/** A process the cluster keeps running, as systemd's Restart=always would: started again a second after it dies. */
export interface Supervised {
  name: string
  /** The running process's id, or undefined between a death and its restart. */
  pid(): number | undefined
  /** Send a signal to the process itself (kill -9 for a chaos run); it is started again unless stopped. */
  kill(signal: NodeJS.Signals): void
  /** Resolves when the process has exited this many times in all (1 = its first death). */
  exits(count: number): Promise<void>
  /** Ask it to stop (SIGTERM, then SIGKILL after `graceMs`) and never start it again. */
  stop(graceMs?: number): Promise<void>
}

export interface SupervisedOptions {
  name: string
  command: string
  args: string[]
  env: NodeJS.ProcessEnv
  cwd: string
  /** Its stdout and stderr, appended. */
  logFile: string
  /** Each line it writes, besides the file (the first API's start-up banner). */
  onLine?: (line: string) => void
  restartMs?: number
}

export function supervise(options: SupervisedOptions): Supervised {
  const log: WriteStream = createWriteStream(options.logFile, { flags: 'a' })
  let child: ChildProcess | undefined
  let stopped = false
  let exited = 0
  const waiting: { count: number; resolve: () => void }[] = []

  function start(): void {
    child = spawn(options.command, options.args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] })
    let partial = ''
    const take = (chunk: Buffer) => {
      log.write(chunk)
      if (!options.onLine) return
      const lines = (partial + chunk.toString('utf8')).split('\n')
      partial = lines.pop() ?? ''
      for (const line of lines) options.onLine(line)
    }
    child.stdout!.on('data', take)
    child.stderr!.on('data', take)
    child.on('exit', (code, signal) => {
      exited++
      log.write(`${JSON.stringify({ supervisor: options.name, exited: code ?? signal, at: new Date().toISOString() })}\n`)
      child = undefined
      for (const wait of waiting.filter((w) => w.count <= exited)) wait.resolve()
      if (!stopped) setTimeout(() => !stopped && start(), options.restartMs ?? 1000)
    })
  }
  start()

  return {
    name: options.name,
    pid: () => child?.pid,
    kill(signal) {
      child?.kill(signal)
    },
    exits(count) {
      if (exited >= count) return Promise.resolve()
      return new Promise((resolve) => waiting.push({ count, resolve }))
    },
    async stop(graceMs = 10_000) {
      stopped = true
      const running = child
      if (running) {
        const gone = new Promise<void>((resolve) => running.once('exit', () => resolve()))
        running.kill('SIGTERM')
        const timer = setTimeout(() => running.kill('SIGKILL'), graceMs)
        await gone
        clearTimeout(timer)
      }
      await new Promise<void>((resolve) => log.end(resolve))
    },
  }
}
