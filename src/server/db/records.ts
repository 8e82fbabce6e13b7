import type { Column, EntityDef } from '../../schema/types'

/** Yuan string ("12.50") to integer fen. Only called on values the money format already accepted. */
export function yuanToFen(yuan: string): number {
  const negative = yuan.startsWith('-')
  const [whole = '0', cents = '00'] = yuan.replace('-', '').split('.')
  const fen = Number(whole) * 100 + Number(cents.padEnd(2, '0').slice(0, 2))
  return negative ? -fen : fen
}

/** Integer fen to the yuan string the wire carries. */
export function fenToYuan(fen: number): string {
  const negative = fen < 0
  const abs = Math.abs(fen)
  return `${negative ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** A stored row as the API sends it: public columns only, in wire form. */
export function rowToRecord(entity: EntityDef, row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {}
  for (const column of entity.columns) {
    if (column.private) continue
    const value = toWire(column, row[column.name])
    if (value !== null || column.nullable) record[column.name] = value
  }
  return record
}

/**
 * `rowToRecord` for rows read as arrays of the public columns' values, in publicColumns order
 * (direct-reads.ts): the drivers build arrays cheaper than objects, and the record is made once.
 */
export function recordOfValues(entity: EntityDef): (values: readonly unknown[]) => Record<string, unknown> {
  let read = readers.get(entity)
  if (!read) {
    const columns = entity.columns.filter((c) => !c.private)
    read = (values) => {
      const record: Record<string, unknown> = {}
      for (let i = 0; i < columns.length; i++) {
        const column = columns[i]!
        const value = toWire(column, values[i])
        if (value !== null || column.nullable) record[column.name] = value
      }
      return record
    }
    readers.set(entity, read)
  }
  return read
}

const readers = new WeakMap<EntityDef, (values: readonly unknown[]) => Record<string, unknown>>()

/** Wire values (already validated) as stored values, for the columns present in `values`. */
export function recordToRow(entity: EntityDef, values: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {}
  for (const column of entity.columns) {
    if (!(column.name in values)) continue
    row[column.name] = toStored(column, values[column.name])
  }
  return row
}

/** The public columns, for select lists: private ones never leave the database. */
export function publicColumns(entity: EntityDef): string[] {
  return entity.columns.filter((c) => !c.private).map((c) => c.name)
}

function toWire(column: Column, value: unknown): unknown {
  if (value === null || value === undefined) return column.default ?? null
  switch (column.wire) {
    case 'integer':
    case 'number':
      // pg answers bigint and numeric columns as strings
      return typeof value === 'string' ? Number(value) : value
    case 'money':
      return fenToYuan(Number(value))
    case 'boolean':
      return value === true || value === 1 || value === '1'
    case 'json':
      return typeof value === 'string' ? JSON.parse(value) : value
    default:
      return value
  }
}

export function toStored(column: Column, value: unknown): unknown {
  if (value === null || value === undefined) return null
  if (column.lowercase && typeof value === 'string') return value.toLowerCase()
  switch (column.wire) {
    case 'money':
      return yuanToFen(String(value))
    case 'boolean':
      return value ? 1 : 0
    case 'json':
      return JSON.stringify(value)
    default:
      return value
  }
}
