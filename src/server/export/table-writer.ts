import { PassThrough, type Readable } from 'node:stream'
import { stringify } from 'csv-stringify/sync'
import { Worker } from 'node:worker_threads'
import { LINE_BREAK, spreadsheetCell } from './spreadsheet-cell'

export type TableFormat = 'csv' | 'xlsx'

export interface TableColumn {
  title: string
  /** A number in a workbook (ids, amounts), so a spreadsheet can add it up; text otherwise. */
  numeric?: boolean
  /** Column width in characters, for the workbook. */
  width?: number
}

/**
 * A table written as it is produced, never held whole: rows go out in the chunks the caller
 * hands over, and `ready` waits while the reader is behind, so a slow download slows the
 * database reads instead of piling rows up in memory.
 *
 * ```ts
 * const table = createTableWriter('csv', [{ title: 'Id', numeric: true }, { title: 'Name' }])
 * reply.send(table.output)
 * for await (const rows of chunks) { table.write(rows); await table.ready() }
 * await table.end()
 * ```
 */
export interface TableWriter {
  readonly output: Readable
  readonly contentType: string
  readonly extension: TableFormat
  /** Rows of cells, in column order; text is made safe for spreadsheets here. */
  write(rows: unknown[][]): void
  ready(): Promise<void>
  end(): Promise<void>
}

export function createTableWriter(format: TableFormat, columns: TableColumn[], sheetName = 'Sheet1'): TableWriter {
  return format === 'xlsx' ? xlsxWriter(columns, sheetName) : csvWriter(columns)
}

/**
 * RFC 4180 CSV in UTF-8 with a byte-order mark, without which Excel reads Chinese as mojibake.
 * csv-stringify quotes a field holding CR or LF only while the record delimiter is its default;
 * with CRLF rows it stops, so a bare line break in a remark split its row. Here any line break
 * quotes its field.
 */
function csvWriter(columns: TableColumn[]): TableWriter {
  const output = new PassThrough({ highWaterMark: 1 << 20 })
  const csv = (rows: unknown[][], bom = false) =>
    stringify(rows.map((row) => row.map((cell, i) => csvCell(cell, columns[i]))), { bom, record_delimiter: 'windows', quoted_match: LINE_BREAK })
  output.write(csv([columns.map((c) => c.title)], true))
  return {
    output,
    contentType: 'text/csv; charset=utf-8',
    extension: 'csv',
    // One string per chunk: a write per row would cost more than the row itself.
    write: (rows) => void (rows.length && output.write(csv(rows))),
    ready: () => drained(output),
    end: async () => {
      output.end()
    },
  }
}

const WORKER_YOUNG_GENERATION_MB = 8

/**
 * An Office Open XML workbook, streamed. exceljs builds it in a worker thread
 * (xlsx-worker.mjs): turning rows into sheet XML costs more than reading them, and there
 * it runs beside the reads instead of after each of them. One chunk of rows is with the
 * worker while the next is read; `ready` waits for the worker and for the reader.
 */
function xlsxWriter(columns: TableColumn[], sheetName: string): TableWriter {
  const output = new PassThrough({ highWaterMark: 1 << 20 })
  const worker = new Worker(new URL('./xlsx-worker.mjs', import.meta.url), {
    workerData: { columns: columns.map((c) => ({ width: c.width ?? Math.max(10, c.title.length + 4) })), sheetName },
    // Nearly all the worker makes is garbage within a row or a chunk. With the young generation
    // V8 sizes from the server's heap limit, that garbage grows to tens of MiB before each
    // collection; 8 MiB collects it sooner at no cost in speed: a million rows peaked ~30 MiB lower.
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  })
  let inWorker = 0
  let finished = false
  let failure: Error | undefined
  const waiting = new Set<() => void>()
  const wake = () => {
    for (const resume of waiting) resume()
    waiting.clear()
  }
  const fail = (error: Error) => {
    failure ??= error
    wake()
    output.destroy(failure)
  }
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'bytes') output.write(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength))
    else if (message.type === 'taken') inWorker--
    else if (message.type === 'done') {
      finished = true
      output.end()
    } else fail(new Error(`The workbook could not be written: ${message.message}`))
    wake()
  })
  worker.on('error', fail)
  worker.on('exit', () => {
    if (!finished) fail(new Error('The workbook writer stopped before the workbook was complete.'))
  })
  // A download closed half-way (or failed) needs the worker no more.
  output.on('close', () => void worker.terminate())
  const until = async (condition: () => boolean) => {
    while (!condition() && !failure) await new Promise<void>((resume) => waiting.add(resume))
    if (failure) throw failure
  }
  const send = (rows: unknown[][]) => {
    inWorker++
    worker.postMessage({ type: 'rows', rows })
  }
  send([columns.map((c) => spreadsheetCell(c.title))])
  return {
    output,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    write: (rows) => {
      if (rows.length === 0) return
      send(rows.map((row) => row.map((cell, i) => workbookCell(cell, columns[i]))))
    },
    ready: async () => {
      await until(() => inWorker <= 1)
      await drained(output)
    },
    end: async () => {
      worker.postMessage({ type: 'end' })
      await until(() => finished)
    },
  }
}

/**
 * A blank is left undefined, which exceljs writes as no cell at all: a blank stays blank for
 * COUNTA and the like, and a million mostly unused cards export as 59 MiB instead of 69.
 */
function workbookCell(cell: unknown, column: TableColumn | undefined): string | number | undefined {
  if (cell === null || cell === undefined || cell === '') return undefined
  return column?.numeric ? Number(cell) : spreadsheetCell(cell)
}

/** A plain decimal number, which no spreadsheet reads as a formula, whatever its sign. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/** A numeric column's number as it is, so a refund of -7.50 adds up; anything else is made safe. */
function csvCell(cell: unknown, column: TableColumn | undefined): string | number {
  const plain = typeof cell === 'number' || (typeof cell === 'string' && PLAIN_NUMBER.test(cell))
  return column?.numeric && plain ? (cell as string | number) : spreadsheetCell(cell)
}

type WorkerMessage = { type: 'bytes'; chunk: Uint8Array } | { type: 'taken' } | { type: 'done' } | { type: 'failed'; message: string }

/** Resolves once the reader has caught up; rejects when the download was closed (the client went away). */
function drained(stream: PassThrough): Promise<void> {
  if (stream.destroyed) return Promise.reject(new Error('The download was closed before it was complete.'))
  if (!stream.writableNeedDrain) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('drain', onDrain)
      stream.off('close', onClose)
      if (error) reject(error)
      else resolve()
    }
    const onDrain = () => settle()
    const onClose = () => settle(new Error('The download was closed before it was complete.'))
    stream.on('drain', onDrain)
    stream.on('close', onClose)
  })
}
