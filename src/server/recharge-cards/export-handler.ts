import type { EntityDef, JsonSchema, Label, Locale } from '../../schema/types'
import { enumValueLabel } from '../../schema/enum-labels'
import { fenToYuan } from '../db/records'
import { accountEntity, withScope } from '../access/scope'
import { createTableWriter, type TableColumn, type TableFormat, type TableWriter } from '../export/table-writer'
import { listedRows } from '../engine/generic/list-query'
import { namedHandler, requireCaller, fieldsOf, type RequestContext } from '../engine/handler-context'
import { asSchemaDb } from '../db/connect'

/** Rows read per query: small enough that other requests get the database between chunks (SQLite has one connection). */
const CHUNK = 2000
const UNUSED = 0

type Cell = (row: Record<string, unknown>, names: ReadonlyMap<number, string>) => unknown

interface ExportColumn extends Omit<TableColumn, 'title'> {
  field: string
  cell: Cell
}

/**
 * Every card the list would show for the same filters, as CSV or XLSX, streamed: rows are
 * read in id order a chunk at a time (by id, not by offset, so the millionth row costs what
 * the first did) and written out as they come. The full password goes only to the holder
 * of an unused card; everyone else gets the mask the list shows.
 */
const exportCards = namedHandler(['recharge_card/export_data'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const { registry } = ctx.services
    const entity = registry.entities.get(ctx.endpoint.entity!)!
    const list = registry.endpoints.get(ctx.endpoint.exports!)!
    const locale = ctx.query.lang ?? ctx.locale
    const columns = exportColumns(entity, caller.id, locale)
    const table = createTableWriter(ctx.query.format === 'xlsx' ? 'xlsx' : 'csv', columns.map((c) => ({ ...c, title: titleOf(entity, c.field, locale) })), entity.label?.[locale] ?? entity.name)
    const rows = listedRows({ ...ctx, query: fieldsOf(ctx.query), body: {} }, entity, list)
    const fields = [...new Set(columns.map((c) => c.field).concat('card_password'))]
    const names = new Map<number, string>()
    const write = async () => {
      for (let after = 0; ; ) {
        const chunk = await rows.select(fields.map((f) => `${entity.table}.${f}`)).where(`${entity.table}.id`, '>', after).orderBy(`${entity.table}.id`).limit(CHUNK).execute()
        if (chunk.length === 0) break
        await learnNames(ctx, chunk, names)
        table.write(chunk.map((row) => columns.map((c) => c.cell(row, names))))
        after = Number(chunk[chunk.length - 1]!.id)
        await table.ready()
        if (chunk.length < CHUNK) break
      }
      await table.end()
    }
    // The answer starts at once; the rows follow. A failure half-way can only cut the download short, and is logged.
    write().catch((error: unknown) => {
      ctx.request.log.error({ err: error }, 'recharge card export stopped')
      table.output.destroy(error instanceof Error ? error : new Error(String(error)))
    })
    ctx.reply.header('content-type', table.contentType).header('content-disposition', `attachment; filename="${fileName(table, ctx.services.now())}"`)
    return table.output
  },
})

function exportColumns(entity: EntityDef, callerId: number, locale: Locale): ExportColumn[] {
  const property = (field: string) => (entity.schema.properties as Record<string, JsonSchema>)[field]
  const text: (field: string) => Cell = (field) => (row) => row[field]
  const enumText: (field: string) => Cell = (field) => (row) => enumValueLabel(property(field), maybeNumber(property(field), row[field]), locale)
  const account: (field: string) => Cell = (field) => (row, names) => {
    const id = row[field]
    if (id === null || id === undefined) return ''
    return names.get(Number(id)) ?? `#${String(id)}`
  }
  return [
    { field: 'id', numeric: true, width: 10, cell: text('id') },
    // The card's holder hands out unused cards, so it reads their passwords; no one else does.
    { field: 'card_mask', width: 22, cell: (row) => (Number(row.holder_id) === callerId && Number(row.status) === UNUSED ? row.card_password : row.card_mask) },
    { field: 'name', width: 20, cell: text('name') },
    { field: 'batch_no', width: 24, cell: text('batch_no') },
    { field: 'kind', width: 18, cell: enumText('kind') },
    { field: 'money', numeric: true, width: 12, cell: (row) => fenToYuan(Number(row.money ?? 0)) },
    { field: 'count', numeric: true, width: 10, cell: (row) => Number(row.count ?? 0) },
    { field: 'status', width: 10, cell: enumText('status') },
    { field: 'holder_id', width: 16, cell: account('holder_id') },
    { field: 'issuer_id', width: 16, cell: account('issuer_id') },
    { field: 'used_by', width: 16, cell: account('used_by') },
    { field: 'used_at', width: 26, cell: text('used_at') },
    { field: 'remark', width: 24, cell: text('remark') },
    { field: 'created_at', width: 26, cell: text('created_at') },
  ]
}

/** An integer enum (status) is looked up as a number, whatever type the driver answered with. */
function maybeNumber(property: JsonSchema | undefined, value: unknown): unknown {
  return Array.isArray(property?.enum) && typeof property.enum[0] === 'number' ? Number(value) : value
}

/**
 * The usernames of the accounts a chunk names, read once per export for each account and
 * only where the caller may see that account (as _titles in the list): others show as #id.
 */
async function learnNames(ctx: RequestContext, rows: Record<string, unknown>[], names: Map<number, string>): Promise<void> {
  const wanted = new Set<number>()
  for (const row of rows) {
    for (const field of ['holder_id', 'issuer_id', 'used_by']) {
      const id = row[field]
      if (id !== null && id !== undefined && !names.has(Number(id))) wanted.add(Number(id))
    }
  }
  if (wanted.size === 0) return
  const accounts = accountEntity(ctx.services.registry)
  const found = await withScope(asSchemaDb(ctx.services.db).selectFrom(accounts.table), ctx.services.registry, accounts, ctx.caller)
    .select([`${accounts.table}.id as id`, `${accounts.table}.${accounts.title ?? 'id'} as title`])
    .where(`${accounts.table}.id`, 'in', [...wanted])
    .execute()
  for (const row of found) names.set(Number(row.id), String(row.title))
  // Remembered as unseen too, so an account the caller may not see is not asked for again in every chunk.
  for (const id of wanted) if (!names.has(id)) names.set(id, `#${id}`)
}

/**
 * The currency, as the console names it beside every amount (money.currency). A file's amounts
 * are bare numbers, for a spreadsheet to add up, so an amount column's title names it instead.
 */
const CURRENCY: Record<Locale, string> = { 'zh-CN': '（元）', 'en-US': ' (CNY)' }

function titleOf(entity: EntityDef, field: string, locale: Locale): string {
  const property = (entity.schema.properties as Record<string, JsonSchema>)[field]
  const label = (property?.['x-label'] as Label | undefined)?.[locale] ?? field
  return property?.format === 'money' ? `${label}${CURRENCY[locale]}` : label
}

function fileName(table: TableWriter, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  return `recharge-cards-${stamp}.${table.extension satisfies TableFormat}`
}

export const rechargeCardExportHandlers = {
  'rechargeCards.export': exportCards,
}
