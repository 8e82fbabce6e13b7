import type { Services } from '../services'
import { tableOf } from '../db/table-of'
import { AppError } from '../errors/AppError'
import type { Db } from '../db/connect'
import { rowToRecord } from '../db/records'
import type { MatrixKeys } from './token-key'

export const LINK_PURPOSE = 'authorization_link'

export interface LinkRow {
  id: number
  ownerId: number
  code: string
  host: string
  platforms: string[]
  expiresAt: string
  status: string
}

/** The link a code names, when this server signed the code; null otherwise. */
export async function linkByCode(services: Services, keys: MatrixKeys, code: string, db: Db = services.db): Promise<LinkRow | null> {
  const id = keys.verify(LINK_PURPOSE, code)
  return id === null ? null : linkById(services, id, db)
}

export async function linkById(services: Services, id: number, db: Db = services.db): Promise<LinkRow | null> {
  const row = await db.selectFrom(tableOf(services, 'authorization_link')).selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) return null
  const link = rowToRecord(services.registry.entities.get('authorization_link')!, row)
  return { id: Number(link.id), ownerId: Number(link.owner_id), code: String(link.code), host: String(link.host), platforms: link.platforms as string[], expiresAt: String(link.expires_at), status: String(link.status) }
}

export function linkState(link: LinkRow, now: Date): 'active' | 'expired' | 'revoked' {
  if (link.status === 'revoked') return 'revoked'
  return new Date(link.expiresAt).getTime() <= now.getTime() ? 'expired' : 'active'
}

/** A link that still works, or the refusal saying why it does not. */
export function requireActive(link: LinkRow | null, now: Date): LinkRow {
  if (!link) throw new AppError('LINK_NOT_FOUND')
  const state = linkState(link, now)
  if (state === 'revoked') throw new AppError('LINK_REVOKED')
  if (state === 'expired') throw new AppError('LINK_EXPIRED', { at: link.expiresAt.slice(0, 16).replace('T', ' ') })
  return link
}
