import type { TaskKindDef } from '../../schema/types'
import type { Db } from '../db/connect'
import { fieldError } from '../errors/AppError'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { readGroup } from '../settings/settings-store'
import { taskHandler } from '../tasks/task-handler'
import { TaskFailure } from '../errors/task-failure'
import { AuthorizationLost } from '../providers/publisher/platform-auth'
import { said } from '../providers/vendor-http'
import { KEY_MISSING, matrixKeys } from './token-key'
import { markReauthorize, openedRefreshToken, openedTokens, queueForAccounts, sealedGrant, sealedRefreshToken } from './accounts'
import { PLATFORM_NAMES, platformAuth, type OAuthPlatform } from './platforms'

/** Accounts renewed per look: the rest wait for the next one, minutes later. */
const DUE_BATCH = 200
/** A refresh token with less than this left is renewed with the access token (Douyin's last 30 days). */
const RENEW_REFRESH_AHEAD_MS = 7 * 86_400_000

/**
 * Renews an account's access token with its refresh token. The new tokens are sealed before the
 * step records them, so a retry after a crash reuses them instead of spending the refresh token
 * twice, and no token is ever written in plain text. Only a grant the platform says is gone
 * (AuthorizationLost) marks the account re-authorize: its owner alone can bring it back. The
 * platform busy or limiting is a passing failure, tried again; a refusal it lays on this
 * platform's app (credentials, parameters, permissions) fails the task, in its words, for an
 * administrator, and the account stays as it is.
 */
export const tokenRefreshTask = taskHandler(['platform_token_refresh'], {
  async prepare(ctx) {
    const account = await accountRow(ctx.services, ctx.input.account_id, ctx.trx)
    if (!account || account.status === 'assisted') throw fieldError('RECORD_NOT_FOUND', '/account_id', ctx.locale, { entity: ctx.locale === 'zh-CN' ? '已授权的平台账号' : 'Authorized platform account', id: ctx.input.account_id })
    return { title: account.nickname }
  },
  async run(ctx) {
    const { services, task } = ctx
    const table = tableOf(services, 'platform_account')
    const id = ctx.input.account_id
    // One renewal at a time per account: two would spend the same refresh token.
    const claimed = await services.db
      .updateTable(table)
      .set({ refresh_task_id: task.id })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('refresh_task_id', 'is', null), eb('refresh_task_id', '=', task.id)]))
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) === 0) {
      const exists = await accountRow(services, id)
      if (!exists) throw new TaskFailure(said('该平台账号已被删除。', 'The platform account has been deleted.'))
      return { result: { renewed: false, reason: 'Another renewal of this account is under way.' } }
    }
    const keys = matrixKeys(services.config)
    if (!keys) throw new TaskFailure(KEY_MISSING)
    const account = (await accountRow(services, id))!
    const platform = account.platform as OAuthPlatform
    const auth = await platformAuth(services, platform)
    if ('notConfigured' in auth) throw new TaskFailure(auth.notConfigured)
    const name = PLATFORM_NAMES[platform]
    ctx.progress(30, { 'zh-CN': `向${name['zh-CN']}续期`, 'en-US': `Renewing with ${name['en-US']}` })
    const sealed = await ctx.step('refresh', async () => {
      const { refreshToken } = openedTokens(keys, account)
      try {
        return sealedGrant(keys, id, await auth.refresh({ refreshToken, openId: account.open_id }), services.now())
      } catch (error) {
        if (error instanceof AuthorizationLost) await markReauthorize(services, id, error.reason)
        throw error
      }
    })
    // A refresh token that ends soon is renewed too, where the platform allows it (Douyin): the old one stops working then.
    const refreshUntil = (sealed.refresh_expires_at ?? account.refresh_expires_at) as string | null
    const renewAt = services.now().getTime() + RENEW_REFRESH_AHEAD_MS
    const renewed = auth.renewRefreshToken && refreshUntil && new Date(refreshUntil).getTime() < renewAt
      ? await ctx.step('renew', async () => {
          try {
            const fresh = await auth.renewRefreshToken!({ refreshToken: openedRefreshToken(keys, id, String(sealed.refresh_token)) })
            return sealedRefreshToken(keys, id, fresh.refreshToken, fresh.refreshExpiresIn, services.now())
          } catch (error) {
            if (error instanceof AuthorizationLost) await markReauthorize(services, id, error.reason)
            throw error
          }
        })
      : {}
    return {
      result: { renewed: true, access_expires_at: sealed.access_expires_at, refresh_expires_at: ('refresh_expires_at' in renewed ? renewed.refresh_expires_at : sealed.refresh_expires_at) ?? null },
      async commit(trx) {
        await trx
          .updateTable(table)
          .set({ ...sealed, ...renewed, status: 'authorized', problem: '', refresh_task_id: null, updated_at: services.now().toISOString() } as never)
          .where('id', '=', id)
          .execute()
      },
    }
  },
  async ended(trx, ctx) {
    await trx.updateTable(tableOf(ctx.services, 'platform_account')).set({ refresh_task_id: null }).where('id', '=', ctx.input.account_id).where('refresh_task_id', '=', ctx.task.id).execute()
  },
  due: queueDueRenewals,
})

/** Every authorized account whose access token ends within the hours the settings give, one renewal each. */
async function queueDueRenewals(services: Services, kind: TaskKindDef): Promise<number> {
  const settings = await readGroup(services, services.registry.configGroups.get('publishing')!)
  const hours = Number(settings.token_refresh_hours ?? 12)
  const table = tableOf(services, 'platform_account')
  const due = await services.db
    .selectFrom(table)
    .select(['id', 'owner_id', 'nickname'])
    .where('status', '=', 'authorized')
    .where('refresh_task_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('access_expires_at', '<', new Date(services.now().getTime() + hours * 3_600_000).toISOString()),
        eb('refresh_expires_at', '<', new Date(services.now().getTime() + RENEW_REFRESH_AHEAD_MS).toISOString()),
      ]),
    )
    .orderBy('access_expires_at')
    .limit(DUE_BATCH)
    .execute()
  return queueForAccounts(services, kind, due, 'refresh_task_id')
}


async function accountRow(services: Services, id: number, db: Db = services.db) {
  return db.selectFrom(tableOf(services, 'platform_account')).selectAll().where('id', '=', id).executeTakeFirst()
}
