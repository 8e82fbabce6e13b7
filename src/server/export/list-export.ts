import type { EndpointDef, EntityDef, JsonSchema, Label, ListColumn, Locale, Registry } from '../../schema/types'
import { enumValueLabel } from '../../schema/enum-labels'
import { messagesOf, messageText } from '../../schema/messages'
import { resolveRef } from '../../schema/entity'
import { asSchemaDb } from '../db/connect'
import { publicColumns, rowToRecord } from '../db/records'
import { listedRows } from '../engine/generic/list-query'
import { withTitles } from '../engine/generic/relation-titles'
import { fieldsOf, namedHandler, requireCaller, type HandlerContext } from '../engine/handler-context'
import { createTableWriter, type TableColumn, type TableWriter } from './table-writer'

/** Rows read per query: small enough that other requests get the database between chunks (SQLite has one connection). */
const CHUNK = 2000

/** A resource gives list widths in pixels; a workbook counts characters. */
const PIXELS_PER_CHARACTER = 7
const DATE_TIME_WIDTH = 26

/**
 * The currency, as the console names it beside every amount (money.currency). A file's amounts
 * are bare numbers, for a spreadsheet to add up, so an amount column's title names it instead.
 */
const CURRENCY: Record<Locale, string> = { 'zh-CN': '（元）', 'en-US': ' (CNY)' }
const YES_NO: Record<Locale, [string, string]> = { 'zh-CN': ['是', '否'], 'en-US': ['Yes', 'No'] }

/** A record as the list answers it: wire values, with `_titles`. */
type ListedRecord = Record<string, unknown>

interface ExportColumn extends TableColumn {
  field: string
  cell: (record: ListedRecord) => unknown
}

/**
 * Any download that names a generic list in `exports`: every row that list would answer for the
 * same filters and caller (its scope, `fixed` and `mine` apply), as CSV or XLSX, streamed a chunk
 * at a time in id order. The columns are the id and those of the console screen over that list,
 * titled and filled in the caller's language, so the file reads as the screen does.
 */
const exportList = namedHandler(['release_post/export_data', 'platform/user_money_log_export', 'platform/user_quota_log_export'], {
  async run(ctx) {
    requireCaller(ctx)
    const { registry } = ctx.services
    const { entity, list } = exportedList(registry, ctx.endpoint)
    const locale = ctx.query.lang ?? ctx.locale
    const columns = exportColumns(registry, entity, list, locale)
    const table = createTableWriter(ctx.query.format === 'xlsx' ? 'xlsx' : 'csv', columns, entity.label?.[locale] ?? entity.name)
    // In the file's language: withTitles names an account above the caller ("Platform") in it.
    const listing: HandlerContext = { ...ctx, locale, query: fieldsOf(ctx.query), body: {} }
    const rows = listedRows(listing, entity, list)
    const fields = columns.map((c) => `${entity.table}.${c.field}`)
    const db = asSchemaDb(ctx.services.db)
    const write = async () => {
      for (let after = 0; ; ) {
        const chunk = await rows.select(fields).where(`${entity.table}.id`, '>', after).orderBy(`${entity.table}.id`).limit(CHUNK).execute()
        if (chunk.length === 0) break
        const records = await withTitles(listing, db, entity, chunk.map((row) => rowToRecord(entity, row)))
        table.write(records.map((record) => columns.map((c) => c.cell(record))))
        after = Number(chunk[chunk.length - 1]!.id)
        await table.ready()
        if (chunk.length < CHUNK) break
      }
      await table.end()
    }
    // The answer starts at once; the rows follow. A failure half-way can only cut the download short, and is logged.
    write().catch((error: unknown) => {
      ctx.request.log.error({ err: error, endpoint: ctx.endpoint.id }, 'list export stopped')
      table.output.destroy(error instanceof Error ? error : new Error(String(error)))
    })
    ctx.reply.header('content-type', table.contentType).header('content-disposition', `attachment; filename="${fileName(entity, table, ctx.services.now())}"`)
    return table.output
  },
})

function exportedList(registry: Registry, endpoint: EndpointDef): { entity: EntityDef; list: EndpointDef } {
  const list = endpoint.exports ? registry.endpoints.get(endpoint.exports) : undefined
  const entity = endpoint.entity ? registry.entities.get(endpoint.entity) : undefined
  // schemas:check holds "exports" to a generic list of the same entity; only its absence is left.
  if (!list || !entity) throw new Error(`Endpoint ${endpoint.id} is handled by export.list, which needs "entity" and "exports" (the generic list whose rows it downloads) in ${endpoint.file}.`)
  return { entity, list }
}

/** The id, then the columns of the screen that shows this list (every public field when none does). */
function exportColumns(registry: Registry, entity: EntityDef, list: EndpointDef, locale: Locale): ExportColumn[] {
  const screen = [...registry.resources.values()].find((r) => r.endpoints.list === list.id)
  const shown: ListColumn[] = screen?.list.columns ?? publicColumns(entity).map((field) => ({ field }))
  const stored = new Set(publicColumns(entity))
  const picked = [{ field: 'id' }, ...shown.filter((c) => c.field !== 'id' && stored.has(c.field))]
  return picked.map((c) => exportColumn(registry, entity, c, locale))
}

function exportColumn(registry: Registry, entity: EntityDef, { field, width }: ListColumn, locale: Locale): ExportColumn {
  const property = propertyOf(registry, entity, field)
  const column = entity.columns.find((c) => c.name === field)!
  const label = (property['x-label'] as Label | undefined)?.[locale] ?? field
  const base = {
    field,
    title: column.wire === 'money' ? `${label}${CURRENCY[locale]}` : label,
    width: width ? Math.round(width / PIXELS_PER_CHARACTER) : property.format === 'date-time' ? DATE_TIME_WIDTH : undefined,
  }
  if (column.relation) return { ...base, cell: (record) => relationCell(record, field) }
  const numeric = ['integer', 'number', 'money'].includes(column.wire) && !Array.isArray(property.enum)
  if (numeric) return { ...base, numeric: true, cell: (record) => record[field] }
  return { ...base, cell: (record) => cellText(record[field], property, locale) }
}

/** A field of the entity's public schema with its `$ref` resolved, and task kinds as an enum (x-enum-from). */
function propertyOf(registry: Registry, entity: EntityDef, field: string): JsonSchema {
  let property = (entity.schema.properties as Record<string, JsonSchema>)[field] ?? {}
  if (typeof property.$ref === 'string') {
    const { $ref, ...own } = property
    property = { ...(resolveRef($ref as string, entity.schema, registry.schemas) as JsonSchema | undefined), ...own }
  }
  if (property['x-enum-from'] === 'tasks') {
    const kinds = [...registry.tasks.values()]
    property = { ...property, enum: kinds.map((k) => k.name), 'x-enum-labels': kinds.map((k) => k.label) }
  }
  return property
}

/** The related record's title where the caller may see it (as the list's `_titles`), else its id. */
function relationCell(record: ListedRecord, field: string): string {
  const id = record[field]
  if (id === null || id === undefined) return ''
  return (record._titles as Record<string, string | null> | undefined)?.[field] ?? `#${String(id)}`
}

function cellText(value: unknown, property: JsonSchema, locale: Locale): unknown {
  if (value === null || value === undefined) return ''
  // What the platform wrote (a ledger row's task, an exchange) reads in the file's language, as on the screen.
  if (messagesOf(property)) return messageText(property, value, locale) ?? ''
  // A 0/1 enum without names of its own reads as yes or no, as the console shows it.
  if (isFlag(property)) return YES_NO[locale][Number(value) === 1 ? 0 : 1]
  if (Array.isArray(property.enum)) return enumValueLabel(property, value, locale)
  if (typeof value === 'boolean') return YES_NO[locale][value ? 0 : 1]
  if (Array.isArray(value)) return value.map((item) => cellText(item, (property.items as JsonSchema | undefined) ?? {}, locale)).join(', ')
  if (isLabel(value)) return value[locale]
  if (typeof value === 'object') return JSON.stringify(value)
  return value
}

function isFlag(property: JsonSchema): boolean {
  const values = property.enum as unknown[] | undefined
  return !property['x-enum-labels'] && values?.length === 2 && values.includes(0) && values.includes(1)
}

function isLabel(value: unknown): value is Label {
  return typeof value === 'object' && value !== null && typeof (value as Label)['zh-CN'] === 'string' && typeof (value as Label)['en-US'] === 'string'
}

function fileName(entity: EntityDef, table: TableWriter, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  return `${entity.name}-${stamp}.${table.extension}`
}

/**
 * A download of another list needs no code of its own: its endpoint file names the handler and
 * the list, and its id joins the endpoints above (the server serves a handler only for those).
 *
 * ```json
 * { "method": "GET", "path": "/work/export_data", "handler": "export.list", "entity": "work",
 *   "download": true, "exports": "work/list", "request": { "query": { "properties": { "format": … } } } }
 * ```
 */
export const listExportHandlers = {
  'export.list': exportList,
}
