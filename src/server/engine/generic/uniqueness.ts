import type { EntityDef } from '../../../schema/types'
import { AppError } from '../../errors/AppError'
import { toStored } from '../../db/records'
import type { SchemaDb } from '../../db/connect'
import type { RequestContext } from '../handler-context'
import { fieldLabel, valueLabel, entityLabel } from './labels'

// x-unique fields: checked before writing, and a race past the check answered the same way.

/** x-unique fields are checked before writing so the answer names the field; the unique index still guards races. */
export async function assertUnique(ctx: RequestContext, db: SchemaDb, entity: EntityDef, values: Record<string, unknown>, exceptId?: number): Promise<void> {
  for (const column of entity.columns) {
    if (!column.unique || values[column.name] === undefined || values[column.name] === null) continue
    let query = db.selectFrom(entity.table).select('id').where(column.name, '=', toStored(column, values[column.name]))
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
    if (await query.executeTakeFirst()) throw conflict(ctx, entity, column.name, values[column.name])
  }
}

function conflict(ctx: RequestContext, entity: EntityDef, field: string, value: unknown): AppError {
  const error = new AppError('RECORD_CONFLICT', { field: fieldLabel(entity, field, ctx), value: valueLabel(entity, field, value, ctx), entity: entityLabel(entity, ctx) })
  return new AppError('RECORD_CONFLICT', error.params, [{ path: `/${field}`, message: error.messageIn(ctx.locale) }])
}

/**
 * Two writes racing past assertUnique: the unique index refuses the second, and the caller
 * gets the same field error as if the check had caught it (PostgreSQL 23505, SQLite's
 * SQLITE_CONSTRAINT_UNIQUE), not a 500.
 */
export function rethrowUniqueViolation(ctx: RequestContext, entity: EntityDef, values: Record<string, unknown>, error: unknown): never {
  const e = error as { code?: string; constraint?: string; message?: string }
  if (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    const field = entity.columns.find(
      (c) => c.unique && (e.constraint === `${entity.table}_${c.name}_unique` || e.message?.includes(`${entity.table}.${c.name}`)),
    )
    if (field) throw conflict(ctx, entity, field.name, values[field.name])
  }
  throw error
}
