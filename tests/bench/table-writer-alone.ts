/**
 * The export's table writer on its own: made-up rows shaped like an exported card, fed as
 * fast as it takes them, its bytes dropped. No database, no HTTP. What it reaches is the
 * most an export can, on this machine, today; the export's own rate is read against it,
 * since the same code has measured more than twice as fast here on one day as on another.
 */
import { finished } from 'node:stream/promises'
import { createTableWriter, type TableColumn, type TableFormat } from '../../src/server/export/table-writer'

const CHUNK = 2000

/** The columns of the recharge card export (src/server/recharge-cards/export-handler.ts), with their widths. */
const COLUMNS: TableColumn[] = [
  { title: 'Id', numeric: true, width: 10 },
  { title: 'Card', width: 22 },
  { title: 'Name', width: 20 },
  { title: 'Batch', width: 24 },
  { title: 'Kind', width: 18 },
  { title: 'Value', numeric: true, width: 12 },
  { title: 'Count', numeric: true, width: 10 },
  { title: 'Status', width: 10 },
  { title: 'Holder', width: 16 },
  { title: 'Issuer', width: 16 },
  { title: 'Used by', width: 16 },
  { title: 'Used at', width: 26 },
  { title: 'Remark', width: 24 },
  { title: 'Created', width: 26 },
]

function cardRow(id: number): unknown[] {
  const used = id % 10 === 0
  return [
    id,
    `CARD****${String(id % 10_000).padStart(4, '0')}`,
    `Card batch ${id % 1000}`,
    `B20261101${String(Math.floor(id / 1000)).padStart(6, '0')}`,
    id % 4 === 0 ? 'Money' : 'Digital-human minutes',
    id % 4 === 0 ? '100.00' : '0.00',
    id % 4 === 0 ? 0 : 60,
    used ? 'Used' : 'Unused',
    `partner${id % 200}`,
    'admin',
    used ? `merchant${id % 10}` : '',
    used ? '2026-11-02 10:00:00' : '',
    '',
    '2026-11-01 09:00:00',
  ]
}

export interface WriterAloneFigure {
  format: TableFormat
  rows: number
  ms: number
}

export async function timeTableWriterAlone(format: TableFormat, rows: number): Promise<WriterAloneFigure> {
  const table = createTableWriter(format, COLUMNS, 'Cards')
  const drained = finished(table.output.resume())
  const started = performance.now()
  for (let first = 1; first <= rows; first += CHUNK) {
    const last = Math.min(first + CHUNK - 1, rows)
    const chunk: unknown[][] = []
    for (let id = first; id <= last; id++) chunk.push(cardRow(id))
    table.write(chunk)
    await table.ready()
  }
  await table.end()
  await drained
  return { format, rows, ms: performance.now() - started }
}
