import type { Updateable } from 'kysely'
import type { JsonSchema } from '../../schema/types'
import { enumValueLabel } from '../../schema/enum-labels'
import type { RechargeOrderTable } from '../../generated/database'
import { fieldError } from '../errors/AppError'
import { tableOf } from '../db/table-of'
import { getRecord } from '../engine/generic-handlers'
import { ofEndpoint } from '../engine/generic/record-scope'
import type { RequestContext } from '../engine/handler-context'
import { asSchemaDb, type Db } from '../db/connect'
import { orderRefusal } from './rules'

/**
 * Moves an order out of "created" with `changes`, if the endpoint lets the caller reach it
 * (and, given `creatorId`, only an order that account placed); otherwise throws why not. The
 * update itself checks the status, so of a confirm and a cancel racing (a double click, two
 * admins) the second changes nothing and is told what the first did.
 */
export async function leaveCreated(ctx: RequestContext, trx: Db, id: number, changes: Updateable<RechargeOrderTable>, creatorId?: number): Promise<void> {
  const entity = ctx.services.registry.entities.get('recharge_order')!
  let update = ofEndpoint(ctx, trx.updateTable(tableOf(ctx.services, 'recharge_order')), entity).set(changes).where('id', '=', id).where('status', '=', 'created')
  if (creatorId !== undefined) update = update.where('creator_id', '=', creatorId)
  const moved = await update.executeTakeFirst()
  if (Number(moved.numUpdatedRows) > 0) return
  const order = await ofEndpoint(ctx, asSchemaDb(trx).selectFrom(entity.table), entity).select(['order_no', 'status']).where(`${entity.table}.id`, '=', id).executeTakeFirst()
  const statusSchema = (entity.schema.properties as Record<string, JsonSchema>).status
  throw orderRefusal(
    order && { order_no: String(order.order_no), status: String(order.status), statusLabel: enumValueLabel(statusSchema, order.status, ctx.locale) },
    () => fieldError('RECORD_NOT_FOUND', '/id', ctx.locale, { entity: entity.label?.[ctx.locale] ?? entity.name, id }),
  )
}

/** The order as its detail endpoint answers it, with the titles of its buyer and package. */
export function readOrder(ctx: RequestContext, id: number): Promise<unknown> {
  return getRecord({ ...ctx, query: { id }, body: {} }, ctx.services.registry.entities.get('recharge_order')!)
}
