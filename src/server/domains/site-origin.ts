import type { RequestContext } from '../engine/handler-context'
import { readGroup } from '../settings/settings-store'
import { tableOf } from '../db/table-of'
import { normalizeHost } from './host-name'
import { httpOrigin } from '../config'

/**
 * The site's address for links that leave it and must come back (an OAuth redirect_uri): the
 * configured public address (PUBLIC_URL, else the settings' site address), never a Host header a
 * caller may write. The address a request came to is used as it is only when it is that address
 * or one of the site's own domains (the domain list), or when no public address is configured.
 */
export async function siteOrigin(ctx: RequestContext): Promise<string> {
  const { services } = ctx
  const requested = `${ctx.request.protocol}://${ctx.request.host}`
  const configured = services.config.publicUrl ?? (await settingsSiteOrigin(ctx))
  if (!configured) return requested
  const host = normalizeHost(ctx.request.host)
  if (host === normalizeHost(configured)) return configured
  const own = await services.db.selectFrom(tableOf(services, 'domain')).select('id').where('host', '=', host).executeTakeFirst()
  return own ? requested : configured
}

async function settingsSiteOrigin(ctx: RequestContext): Promise<string | undefined> {
  return httpOrigin(String((await readGroup(ctx.services, ctx.services.registry.configGroups.get('init')!)).site_url ?? ''))
}
