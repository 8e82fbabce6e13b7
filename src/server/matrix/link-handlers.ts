import type { Locale } from '../../schema/types'
import { asSchemaDb } from '../db/connect'
import { recordToRow } from '../db/records'
import { AppError, fieldError } from '../errors/AppError'
import { namedHandler, requireCaller } from '../engine/handler-context'
import { findVisible } from '../engine/generic/record-scope'
import { siteOrigin } from '../domains/site-origin'
import { normalizeHost } from '../domains/host-name'
import { siteBranding } from '../domains/site-branding'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { KEY_MISSING, matrixKeys, type MatrixKeys } from './token-key'
import { LINK_PURPOSE, linkByCode, linkState, requireActive } from './links'
import { PLATFORM_NAMES, platformApps, platformAuth, type OAuthPlatform } from './platforms'
import { beginAuthorization } from './oauth'
import { limitedBy } from '../rate-limit/limited-by'

const DAY_MS = 86_400_000

/** The keys, or the refusal a person can act on when the server has none. */
export function requireKeys(services: Services, locale: Locale): MatrixKeys {
  const keys = matrixKeys(services.config)
  if (!keys) throw new AppError('PROVIDER_NOT_CONFIGURED', { reason: KEY_MISSING[locale] })
  return keys
}

const addLink = namedHandler(['authorization_link/add'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const { services, body } = ctx
    const keys = requireKeys(services, ctx.locale)
    const entity = services.registry.entities.get('authorization_link')!
    const table = tableOf(services, 'authorization_link')
    const now = services.now()
    const days = body.valid_days ?? 7
    const platforms = await platformsToOffer(services, body.platforms, ctx.locale)
    const site = await siteOrigin(ctx)
    const id = await services.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto(table)
        .values(recordToRow(entity, {
          owner_id: caller.id,
          name: body.name,
          platforms,
          valid_days: days,
          expires_at: new Date(now.getTime() + days * DAY_MS).toISOString(),
          status: 'active',
          code: '',
          host: normalizeHost(site).slice(0, 253),
          authorized_count: 0,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        }) as never)
        .returning('id')
        .executeTakeFirstOrThrow()
      const linkId = row.id
      await trx.updateTable(table).set({ code: keys.sign(LINK_PURPOSE, linkId) }).where('id', '=', linkId).execute()
      return linkId
    })
    return findVisible(ctx, asSchemaDb(services.db), entity, id)
  },
})

/**
 * The platforms a new link offers: those asked for, or every one the platform has set up. A
 * platform it has not set up is refused by name, as the owner would find only a disabled button.
 */
async function platformsToOffer(services: Services, asked: OAuthPlatform[] | undefined, locale: Locale): Promise<OAuthPlatform[]> {
  const apps = await platformApps(services)
  const all = Object.keys(apps) as OAuthPlatform[]
  const platforms = asked ?? all.filter((platform) => apps[platform] !== null)
  const missing = (asked ?? all).filter((platform) => apps[platform] === null)
  if (platforms.length === 0 || (asked && missing.length > 0)) {
    throw fieldError('LINK_PLATFORM_NOT_SET_UP', '/platforms', locale, { platforms: platformList(missing, locale) })
  }
  return platforms
}

const revokeLink = namedHandler(['authorization_link/revoke'], {
  async run(ctx) {
    const { services, body } = ctx
    const entity = services.registry.entities.get('authorization_link')!
    const link = await findVisible(ctx, asSchemaDb(services.db), entity, body.id)
    const done = await services.db
      .updateTable(tableOf(services, 'authorization_link'))
      .set({ status: 'revoked', updated_at: services.now().toISOString() })
      .where('id', '=', body.id)
      .where('status', '=', 'active')
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) === 0) throw new AppError('LINK_ALREADY_REVOKED', { id: String(link.id) })
    return findVisible(ctx, asSchemaDb(services.db), entity, body.id)
  },
})

/** What the batch-authorization page shows before anyone has signed in anywhere. */
const linkInfo = namedHandler(['platform/authorization_link_info'], {
  async run(ctx) {
    const { services } = ctx
    const link = await linkByCode(services, requireKeys(services, ctx.locale), ctx.query.code)
    if (!link) throw new AppError('LINK_NOT_FOUND')
    const merchant = await services.db.selectFrom(tableOf(services, 'user')).select(['name', 'nickname', 'username']).where('id', '=', link.ownerId).executeTakeFirst()
    const site = await siteBranding(services, link.host || normalizeHost(await siteOrigin(ctx)))
    const apps = await platformApps(services)
    return {
      state: linkState(link, services.now()),
      merchant: (merchant?.name || merchant?.nickname || merchant?.username || ''),
      site_name: String(site.name ?? ''),
      site_logo: String(site.logo ?? ''),
      expires_at: link.expiresAt,
      platforms: (link.platforms as OAuthPlatform[]).map((platform) => ({ platform, ready: apps[platform] !== null })),
    }
  },
})

/** Where the owner of an account goes next: the platform's own page, with a state only this browser can bring back. */
const startAuthorization = namedHandler(['platform/authorization_start'], {
  preHandlers(app, services) {
    // Each start is a row: a per-address cap keeps a flood from filling the table.
    const { perAddress, windowMs } = services.config.authorizationStartRateLimit
    return [limitedBy([app.createRateLimit({ max: perAddress, timeWindow: windowMs, keyGenerator: (req) => `oauth-start-ip:${req.ip}` })])]
  },
  async run(ctx) {
    const { services, body } = ctx
    const keys = requireKeys(services, ctx.locale)
    const link = requireActive(await linkByCode(services, keys, body.code), services.now())
    if (!link.platforms.includes(body.platform)) throw new AppError('LINK_PLATFORM_NOT_OFFERED', { platform: PLATFORM_NAMES[body.platform][ctx.locale] })
    const auth = await platformAuth(services, body.platform)
    if ('notConfigured' in auth) throw new AppError('PROVIDER_NOT_CONFIGURED', { reason: auth.notConfigured[ctx.locale] })
    return { url: await beginAuthorization(ctx, keys, link, auth) }
  },
})

/** Above the form that makes a link: the platforms a link cannot offer yet, and a server that can sign none; the form starts with only the others ticked. */
const linkNotices = namedHandler(['authorization_link/form_notices'], {
  async run(ctx) {
    const { services, locale } = ctx
    const notices: { type: 'warning'; message: string }[] = []
    if (!matrixKeys(services.config)) notices.push({ type: 'warning', message: KEY_MISSING[locale] })
    const apps = await platformApps(services)
    const missing = (Object.keys(apps) as OAuthPlatform[]).filter((platform) => apps[platform] === null)
    if (missing.length === 0) return { notices }
    notices.push({ type: 'warning', message: new AppError('LINK_PLATFORM_NOT_SET_UP', { platforms: platformList(missing, locale) }).messageIn(locale) })
    const ready = (Object.keys(apps) as OAuthPlatform[]).filter((platform) => apps[platform] !== null)
    return ready.length > 0 ? { notices, values: { platforms: ready } } : { notices }
  },
})

function platformList(platforms: OAuthPlatform[], locale: Locale): string {
  return platforms.map((platform) => PLATFORM_NAMES[platform][locale]).join(locale === 'zh-CN' ? '、' : ', ')
}

export const linkHandlers = {
  'matrix.linkNotices': linkNotices,
  'matrix.addLink': addLink,
  'matrix.revokeLink': revokeLink,
  'matrix.linkInfo': linkInfo,
  'matrix.startAuthorization': startAuthorization,
}
