import { readGroup } from '../settings/settings-store'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { normalizeHost } from './host-name'

/** A site's allow_register: it follows the platform, or says no or yes itself. */
const FOLLOW_PLATFORM = -1

/**
 * Whether merchants may register on `host`: the site's own choice when its domain record
 * makes one, else the platform setting allow_register, which is also what a host no domain
 * record names gets. The default site's choice is its own: it does not speak for strangers.
 */
export async function registrationOpen(services: Services, host: string): Promise<boolean> {
  const site = await services.db.selectFrom(tableOf(services, 'domain')).select('allow_register').where('host', '=', normalizeHost(host)).executeTakeFirst()
  // A site stored before the field existed holds NULL: it follows the platform.
  const own = site?.allow_register === null || site?.allow_register === undefined ? FOLLOW_PLATFORM : site.allow_register
  if (own !== FOLLOW_PLATFORM) return own === 1
  const platform = services.registry.configGroups.get('platform')
  return platform ? (await readGroup(services, platform)).allow_register === true : false
}
