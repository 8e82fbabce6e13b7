import type { Locale } from '../../schema/types'
import type { Caller } from '../access/caller'
import { asSchemaDb, type Db } from '../db/connect'
import { fieldError } from '../errors/AppError'
import type { Services } from '../services'

/** A record of the caller's own that is ready to use (its clone succeeded); anything else is a field error on the field that named it. */
export async function ownReady(trx: Db, services: Services, caller: Caller, entityName: 'avatar' | 'voice_clone', id: number, path: string, locale: Locale): Promise<void> {
  const entity = services.registry.entities.get(entityName)!
  const row = await asSchemaDb(trx).selectFrom(entity.table).select(['status']).where('id', '=', id).where(entity.owner!, '=', caller.id).executeTakeFirst()
  const label = entity.label?.[locale] ?? entityName
  if (!row) throw fieldError('RELATION_NOT_FOUND', path, locale, { field: label, entity: label, id })
  if (row.status !== 'succeeded') {
    const first = locale === 'zh-CN' ? `${label} ${id} 克隆未成功，不能使用` : `${label} ${id} did not clone successfully and cannot be used`
    throw fieldError('VALIDATION_FAILED', path, locale, { first })
  }
}
