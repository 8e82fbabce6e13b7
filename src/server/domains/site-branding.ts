import { tableOf } from '../db/table-of'
import type { Services } from '../services'
import { readGroup } from '../settings/settings-store'

async function platformBranding(services: Services): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {}
  for (const name of ['resource', 'show_config']) {
    const group = services.registry.configGroups.get(name)
    if (group) Object.assign(out, await readGroup(services, group))
  }
  return out
}

/** Branding when no site is configured at all. */
const FALLBACK_BRANDING = {
  host: null,
  name: 'Console',
  logo: '',
  copyright: '',
  icp_record_number: '',
  police_record: '',
  police_record_number: '',
  money_name: '',
}

const BRANDING_FIELDS = ['host', 'name', 'logo', 'copyright', 'icp_record_number', 'police_record', 'police_record_number', 'money_name'] as const

/** The branding of the site a host belongs to: its own, else the default site's, what it leaves empty from the platform's settings. */
export async function siteBranding(services: Services, host: string): Promise<Record<(typeof BRANDING_FIELDS)[number], unknown>> {
  const table = tableOf(services, 'domain')
  const select = () => services.db.selectFrom(table).select([...BRANDING_FIELDS])
  const row =
    (await select().where('host', '=', host).executeTakeFirst()) ??
    (await select().where('is_default', '=', 1).orderBy('id').executeTakeFirst()) ??
    (await select().orderBy('id').executeTakeFirst())
  // What the site leaves empty comes from the platform's settings (schemas/config/resource.json, show_config.json).
  const platform = await platformBranding(services)
  return Object.fromEntries(BRANDING_FIELDS.map((f) => [f, row?.[f] || (f === 'host' ? (row?.host ?? null) : platform[f] || FALLBACK_BRANDING[f])])) as Record<(typeof BRANDING_FIELDS)[number], unknown>
}
