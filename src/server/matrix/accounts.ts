import type { Db } from '../db/connect'
import { recordToRow } from '../db/records'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import type { PlatformGrant, PlatformProfile } from '../providers/publisher/platform-auth'
import type { MatrixKeys } from './token-key'
import { openToken, sealToken } from './token-seal'
import { platformAuth, type OAuthPlatform } from './platforms'
import type { Label, TaskKindDef } from '../../schema/types'
import { queueClaimed } from '../tasks/insert'
import { TaskFailure } from '../errors/task-failure'
import { AuthorizationLost } from '../providers/publisher/platform-auth'

/** Where a sealed token may be opened: its account and its kind, so a seal copied elsewhere does not open. */
const context = (accountId: number, kind: 'access' | 'refresh') => `platform_account:${accountId}:${kind}`

/** The tokens a grant holds, sealed for the account's row, and when they end. */
export function sealedGrant(keys: MatrixKeys, accountId: number, grant: PlatformGrant, now: Date): Record<string, unknown> {
  const at = (seconds: number) => (seconds > 0 ? new Date(now.getTime() + seconds * 1000).toISOString() : null)
  return {
    access_token: sealToken(keys.seal, grant.accessToken, context(accountId, 'access')),
    refresh_token: sealToken(keys.seal, grant.refreshToken, context(accountId, 'refresh')),
    access_expires_at: at(grant.expiresIn),
    refresh_expires_at: at(grant.refreshExpiresIn),
    scope: grant.scope.slice(0, 512),
  }
}

/** A renewed refresh token alone, sealed for the account's row, and when it ends. */
export function sealedRefreshToken(keys: MatrixKeys, accountId: number, refreshToken: string, expiresIn: number, now: Date): Record<string, unknown> {
  return { refresh_token: sealToken(keys.seal, refreshToken, context(accountId, 'refresh')), refresh_expires_at: expiresIn > 0 ? new Date(now.getTime() + expiresIn * 1000).toISOString() : null }
}

export function openedRefreshToken(keys: MatrixKeys, accountId: number, sealed: string): string {
  return openToken(keys.seal, sealed, context(accountId, 'refresh'))
}

export function openedTokens(keys: MatrixKeys, account: { id: unknown; access_token: unknown; refresh_token: unknown }): { accessToken: string; refreshToken: string } {
  const id = Number(account.id)
  return { accessToken: openToken(keys.seal, String(account.access_token), context(id, 'access')), refreshToken: openToken(keys.seal, String(account.refresh_token), context(id, 'refresh')) }
}

export interface AuthorizedAccount {
  id: number
  nickname: string
  /** False when the account was on the merchant's list already and was authorized again. */
  added: boolean
}

/**
 * The merchant's account for this platform account, added or authorized again: one row per
 * (merchant, platform, open_id), whatever link it came through.
 */
export async function storeAuthorizedAccount(
  trx: Db,
  services: Services,
  keys: MatrixKeys,
  account: { ownerId: number; platform: OAuthPlatform; linkId: number; grant: PlatformGrant; profile: PlatformProfile },
): Promise<AuthorizedAccount> {
  const table = tableOf(services, 'platform_account')
  const entity = services.registry.entities.get('platform_account')!
  const now = services.now()
  const stamp = now.toISOString()
  const known = await trx
    .selectFrom(table)
    .select(['id'])
    .where('owner_id', '=', account.ownerId)
    .where('platform', '=', account.platform)
    .where('open_id', '=', account.grant.openId)
    .executeTakeFirst()
  const fresh = {
    nickname: account.profile.nickname.slice(0, 64) || account.grant.openId.slice(0, 64),
    avatar_url: /^https?:\/\//.test(account.profile.avatarUrl) ? account.profile.avatarUrl.slice(0, 1024) : '',
    status: 'authorized',
    problem: '',
    authorized_at: stamp,
    link_id: account.linkId,
    updated_at: stamp,
  }
  let id: number
  if (known) id = known.id
  else {
    const row = await trx
      .insertInto(table)
      .values(recordToRow(entity, { ...fresh, owner_id: account.ownerId, platform: account.platform, open_id: account.grant.openId, access_token: '', refresh_token: '', remark: '', refresh_task_id: null, created_at: stamp }) as never)
      .returning('id')
      .executeTakeFirstOrThrow()
    id = row.id
  }
  await trx
    .updateTable(table)
    .set(recordToRow(entity, { ...fresh, ...sealedGrant(keys, id, account.grant, now) }) as never)
    .where('id', '=', id)
    .execute()
  return { id, nickname: fresh.nickname, added: !known }
}

/**
 * A new access token for the account, written at once (sealed), for a step that found its token
 * expired. A refusal marks the account re-authorize, with the platform's reason, and is thrown on.
 */
export async function renewNow(services: Services, keys: MatrixKeys, accountId: number): Promise<void> {
  const table = tableOf(services, 'platform_account')
  const account = await services.db.selectFrom(table).selectAll().where('id', '=', accountId).executeTakeFirstOrThrow()
  const platform = account.platform as OAuthPlatform
  const auth = await platformAuth(services, platform)
  if ('notConfigured' in auth) throw new TaskFailure(auth.notConfigured)
  try {
    const grant = await auth.refresh({ refreshToken: openedTokens(keys, account).refreshToken, openId: account.open_id })
    await services.db.updateTable(table).set({ ...sealedGrant(keys, accountId, grant, services.now()), status: 'authorized', problem: '', updated_at: services.now().toISOString() } as never).where('id', '=', accountId).execute()
  } catch (error) {
    if (error instanceof AuthorizationLost) await markReauthorize(services, accountId, error.reason)
    throw error
  }
}

/** The platform no longer accepts the account: it says re-authorize, with the platform's words, in both languages. */
export async function markReauthorize(services: Services, id: number, reason: Label): Promise<void> {
  await services.db
    .updateTable(tableOf(services, 'platform_account'))
    .set({ status: 'reauthorize', problem: inBothLanguages(reason).slice(0, 500), updated_at: services.now().toISOString() })
    .where('id', '=', id)
    .execute()
}

/** A reason the platform gave, kept on a record read in either language: both, where they differ. */
export function inBothLanguages(reason: Label): string {
  return reason['zh-CN'] === reason['en-US'] ? reason['en-US'] : `${reason['en-US']} / ${reason['zh-CN']}`
}

/**
 * Queue a task of `kind` for each account, one at a time: an account is claimed by writing the
 * new task's id into `claim` only while it is empty, so a second process finding the same
 * accounts due queues nothing twice. Returns how many were queued.
 */
export async function queueForAccounts(
  services: Services,
  kind: TaskKindDef,
  accounts: readonly { id: unknown; owner_id: unknown; nickname: unknown }[],
  claim: 'stats_task_id' | 'refresh_task_id',
): Promise<number> {
  let queued = 0
  for (const account of accounts) {
    const claimed = await queueClaimed(services, { kind, ownerId: Number(account.owner_id), title: String(account.nickname), input: { account_id: Number(account.id) } }, async (trx, taskId) => {
      const won = await trx.updateTable(tableOf(services, 'platform_account')).set({ [claim]: taskId }).where('id', '=', Number(account.id)).where(claim, 'is', null).executeTakeFirst()
      return Number(won.numUpdatedRows) === 1
    })
    if (claimed) queued += 1
  }
  return queued
}
