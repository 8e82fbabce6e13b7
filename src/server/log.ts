import { pino, type Logger } from 'pino'

/** Where the log goes: stdout, unless a test reads it (logTo). */
let destination: { write(line: string): void } = process.stdout

/**
 * Lines bound for stdout, written together once the event loop's current turn ends: under load
 * several requests are answered in one turn, and a write of its own for each line cost more than
 * making the line. A line waits no longer than that turn, and the process's exit writes what waits.
 */
let pending = ''

/** Writes what waits; `done`, when given (pino's logger.flush), once it is handed to stdout. */
function flush(done?: () => void): void {
  if (pending !== '') {
    const lines = pending
    pending = ''
    process.stdout.write(lines)
  }
  done?.()
}

process.on('exit', () => flush())

const stdoutOrTest = {
  write(line: string): void {
    // A stream a test reads gets each line as it is made.
    if (destination !== process.stdout) return void destination.write(line)
    if (pending === '') setImmediate(flush)
    pending += line
  },
  flush,
}

/**
 * The process's log: JSON lines on stdout, one object a line, for journald or any collector.
 * Request lines carry the request id as reqId (Fastify's children of this log); a worker's
 * lines about a task carry the task's id and, as reqId, the request id that submitted it, so
 * the reference a person reads in a task's detail finds both. The level is set once the
 * configuration is read (openServices).
 */
export const processLog: Logger = pino({ level: 'info' }, stdoutOrTest)

/** Send the process's log lines to `stream` instead of stdout. */
export function logTo(stream: { write(line: string): void }): void {
  flush()
  destination = stream
}

export type { Logger }
