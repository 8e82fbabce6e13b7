import { tableOf } from '../services'
import { namedHandler } from '../engine/handler-context'
import type { Services } from '../services'
import { readGroup } from '../settings/settings-store'
import { normalizeHost } from './host-name'
import { registrationOpen } from './registration-open'

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

const systemInfo = namedHandler(['platform/get_system_info'], {
  async run(ctx) {
    const host = normalizeHost(ctx.query.domain)
    const table = tableOf(ctx.services, 'domain')
    const select = () => ctx.services.db.selectFrom(table).select([...BRANDING_FIELDS])
    const row =
      (await select().where('host', '=', host).executeTakeFirst()) ??
      (await select().where('is_default', '=', 1).orderBy('id').executeTakeFirst()) ??
      (await select().orderBy('id').executeTakeFirst())
    // What the site leaves empty comes from the platform's settings (schemas/config/resource.json, show_config.json).
    const platform = await platformBranding(ctx.services)
    const branding = Object.fromEntries(BRANDING_FIELDS.map((f) => [f, row?.[f] || (f === 'host' ? (row?.host ?? null) : platform[f] || FALLBACK_BRANDING[f])]))
    return { ...branding, allow_register: await registrationOpen(ctx.services, host) }
  },
})

export const domainHandlers = { 'domain.systemInfo': systemInfo }
