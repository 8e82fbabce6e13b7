import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import { recordToRow } from '../db/records'
import { namedHandler, type RequestContext } from '../engine/handler-context'
import { tableOf } from '../db/table-of'
import { TaskFailure } from '../errors/task-failure'
import type { PlatformAuth } from '../providers/publisher/platform-auth'
import { API_PREFIX } from '../engine/endpoint-routes'
import { matrixKeys, type MatrixKeys } from './token-key'
import { linkById, linkState, type LinkRow } from './links'
import { platformAuth, type OAuthPlatform } from './platforms'
import { storeAuthorizedAccount } from './accounts'
import { siteOrigin } from '../domains/site-origin'

const STATE_PURPOSE = 'oauth_state'
/** Time to read the platform's page and agree; a state older than this is refused. */
const STATE_TTL_MS = 10 * 60_000
/** Started authorizations are kept a day after they end, for the record; then they go. */
const STATE_KEPT_MS = 86_400_000
export const CALLBACK_PATH = `${API_PREFIX}/platform/oauth_callback`
const PAGE = '/batchAuthorization'

/** Why an authorization added no account, as the page names it to the person (batch-authorization/reasons). */
type Refusal = 'state' | 'browser' | 'used' | 'state_expired' | 'denied' | 'link_expired' | 'link_revoked' | 'platform' | 'server'

const cookieName = (stateId: number) => `oauth_browser_${stateId}`
const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest('hex')

/**
 * The platform's authorization page for this link, with a signed state that works once, for ten
 * minutes, and only with the cookie this answer sets: a callback planted in another browser, or
 * replayed, adds no account.
 */
export async function beginAuthorization(ctx: RequestContext, keys: MatrixKeys, link: LinkRow, auth: PlatformAuth): Promise<string> {
  const { services } = ctx
  const table = tableOf(services, 'oauth_state')
  const now = services.now()
  const nonce = randomBytes(32).toString('base64url')
  const row = await services.db
    .insertInto(table)
    .values(recordToRow(services.registry.entities.get('oauth_state')!, {
      link_id: link.id,
      platform: auth.platform,
      browser_hash: hashOf(nonce),
      expires_at: new Date(now.getTime() + STATE_TTL_MS).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    }) as never)
    .returning('id')
    .executeTakeFirstOrThrow()
  await services.db.deleteFrom(table).where('expires_at', '<', new Date(now.getTime() - STATE_KEPT_MS).toISOString()).execute()
  const id = row.id
  ctx.reply.header('set-cookie', `${cookieName(id)}=${nonce}; Path=${CALLBACK_PATH}; Max-Age=${STATE_TTL_MS / 1000}; HttpOnly; SameSite=Lax${ctx.request.protocol === 'https' ? '; Secure' : ''}`)
  return auth.authorizeUrl({ redirectUri: (await siteOrigin(ctx)) + CALLBACK_PATH, state: keys.sign(STATE_PURPOSE, id) })
}

/** The platform sends the person back here: the account is added, or the page says why not. */
const oauthCallback = namedHandler(['platform/oauth_callback'], {
  async run(ctx) {
    const outcome = await finish(ctx, (ctx.query.state ?? ''), ctx.query.code, ctx.query.error)
    const query = new URLSearchParams()
    if (outcome.link) query.set('link', outcome.link.code)
    if ('account' in outcome) {
      query.set('result', 'ok')
      query.set('platform', outcome.platform)
      query.set('account', outcome.account)
    } else query.set('result', outcome.refusal)
    if (outcome.stateId) ctx.reply.header('set-cookie', `${cookieName(outcome.stateId)}=; Path=${CALLBACK_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`)
    ctx.reply.header('cache-control', 'no-store')
    return ctx.reply.redirect(`${PAGE}?${query}`, 303)
  },
})

type Outcome = { link?: LinkRow; stateId?: number } & ({ refusal: Refusal } | { platform: OAuthPlatform; account: string })

async function finish(ctx: RequestContext, state: string, code: string | undefined, denied: string | undefined): Promise<Outcome> {
  const { services } = ctx
  const keys = matrixKeys(services.config)
  if (!keys) return { refusal: 'server' }
  const stateId = keys.verify(STATE_PURPOSE, state)
  if (stateId === null) return { refusal: 'state' }
  const table = tableOf(services, 'oauth_state')
  const row = await services.db.selectFrom(table).selectAll().where('id', '=', stateId).executeTakeFirst()
  if (!row) return { refusal: 'state' }
  const link = (await linkById(services, row.link_id)) ?? undefined
  // Checked before the state is spent: a callback planted in someone else's browser leaves the real one working.
  if (!sameBrowser(ctx, stateId, row.browser_hash)) return { link, refusal: 'browser' }
  const now = services.now()
  const spent = await services.db
    .updateTable(table)
    .set({ used_at: now.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', stateId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  if (Number(spent.numUpdatedRows) === 0) return { link, stateId, refusal: row.used_at ? 'used' : 'state_expired' }
  if (denied || !code) return { link, stateId, refusal: 'denied' }
  if (!link) return { stateId, refusal: 'link_revoked' }
  const linkNow = linkState(link, now)
  if (linkNow !== 'active') return { link, stateId, refusal: linkNow === 'revoked' ? 'link_revoked' : 'link_expired' }
  const platform = row.platform as OAuthPlatform
  const auth = await platformAuth(services, platform)
  if ('notConfigured' in auth) return { link, stateId, refusal: 'platform' }
  try {
    const grant = await auth.exchangeCode({ code, redirectUri: (await siteOrigin(ctx)) + CALLBACK_PATH })
    const profile = await auth.profile({ accessToken: grant.accessToken, openId: grant.openId })
    const account = await services.db.transaction().execute(async (trx) => {
      const stored = await storeAuthorizedAccount(trx, services, keys, { ownerId: link.ownerId, platform, linkId: link.id, grant, profile })
      if (stored.added) {
        await trx
          .updateTable(tableOf(services, 'authorization_link'))
          .set({ authorized_count: sql`authorized_count + 1` })
          .where('id', '=', link.id)
          .execute()
      }
      return stored
    })
    return { link, stateId, platform, account: account.nickname }
  } catch (error) {
    if (!(error instanceof TaskFailure)) throw error
    ctx.request.log.warn({ platform, reason: error.reason['en-US'] }, 'Platform authorization failed')
    return { link, stateId, refusal: 'platform' }
  }
}

function sameBrowser(ctx: RequestContext, stateId: number, expectedHash: string): boolean {
  const cookies = (ctx.request.headers.cookie ?? '')
  const name = cookieName(stateId)
  const nonce = cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1)
  if (!nonce) return false
  const given = Buffer.from(hashOf(nonce))
  const expected = Buffer.from(expectedHash)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export const oauthHandlers = { 'matrix.oauthCallback': oauthCallback }
