import { pino, type Logger } from 'pino'

/** Where the log goes: stdout, unless a test reads it (logTo). */
let destination: { write(line: string): void } = process.stdout

/**
 * The process's log: JSON lines on stdout, one object a line, for journald or any collector.
 * Request lines carry the request id as reqId (Fastify's children of this log); a worker's
 * lines about a task carry the task's id and, as reqId, the request id that submitted it, so
 * the reference a person reads in a task's detail finds both. The level is set once the
 * configuration is read (openServices).
 */
export const processLog: Logger = pino({ level: 'info' }, { write: (line: string) => destination.write(line) })

/** Send the process's log lines to `stream` instead of stdout. */
export function logTo(stream: { write(line: string): void }): void {
  destination = stream
}

export type { Logger }
