import { PassThrough, type Readable } from 'node:stream'
import { stringify } from 'csv-stringify/sync'
import ExcelJS from 'exceljs'
import { spreadsheetCell } from './spreadsheet-cell'

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

/** RFC 4180 CSV in UTF-8 with a byte-order mark, without which Excel reads Chinese as mojibake. */
function csvWriter(columns: TableColumn[]): TableWriter {
  const output = new PassThrough({ highWaterMark: 1 << 20 })
  const csv = (rows: unknown[][], bom = false) => stringify(rows.map((row) => row.map((cell) => spreadsheetCell(cell))), { bom, record_delimiter: 'windows' })
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

/** An Office Open XML workbook, streamed: each row is committed (written into the zip) as soon as it is added. */
function xlsxWriter(columns: TableColumn[], sheetName: string): TableWriter {
  const output = new PassThrough({ highWaterMark: 1 << 20 })
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false })
  const sheet = workbook.addWorksheet(sheetName)
  sheet.columns = columns.map((c, i) => ({ key: String(i), width: c.width ?? Math.max(10, c.title.length + 4) }))
  sheet.addRow(columns.map((c) => spreadsheetCell(c.title))).commit()
  return {
    output,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    write: (rows) => {
      for (const row of rows) sheet.addRow(row.map((cell, i) => (columns[i]?.numeric && cell !== null && cell !== undefined && cell !== '' ? Number(cell) : spreadsheetCell(cell)))).commit()
    },
    ready: async () => {
      await compressorCaughtUp(sheet)
      await drained(output)
    },
    end: async () => {
      sheet.commit()
      await workbook.commit()
    },
  }
}

interface WritableInternals {
  _writableState?: { length: number; highWaterMark: number }
  once(event: 'drain' | 'close', listener: () => void): unknown
  off(event: 'drain' | 'close', listener: () => void): unknown
}

/**
 * exceljs 4 hands each committed row to the zip compressor without heeding backpressure
 * (exceljs/exceljs#1894; the fix waits for its next major version), so rows produced faster
 * than they are deflated pile up in memory: 700 MB for a million. Here we wait, between
 * chunks, until the stream feeding the sheet's zip entry has drained. It reaches into the
 * writer's internals (the sheet's stream and what it pipes to); should they change, this
 * waits for nothing, and the export still completes, only with more memory.
 */
function compressorCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  const entry = (sheet as unknown as { stream?: { pipes?: WritableInternals[] } }).stream?.pipes?.[0]
  const state = entry?._writableState
  if (!entry || !state || state.length <= state.highWaterMark) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      entry.off('drain', done)
      entry.off('close', done)
      resolve()
    }
    entry.once('drain', done)
    entry.once('close', done)
  })
}

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
