import { tableOf } from '../services'
import type { NamedHandler } from './context'

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

const systemInfo: NamedHandler = {
  async run(ctx) {
    const host = normalizeHost(String(ctx.query.domain))
    const table = tableOf(ctx.services, 'domain')
    const select = () => ctx.services.db.selectFrom(table).select([...BRANDING_FIELDS])
    const row =
      (await select().where('host', '=', host).executeTakeFirst()) ??
      (await select().where('is_default', '=', 1).orderBy('id').executeTakeFirst()) ??
      (await select().orderBy('id').executeTakeFirst())
    if (!row) return FALLBACK_BRANDING
    return Object.fromEntries(BRANDING_FIELDS.map((f) => [f, row[f] ?? (f === 'host' ? null : '')]))
  },
}

/** The console sends location.host or an origin; either way, match on the bare lower-case host name. */
function normalizeHost(value: string): string {
  return value.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/[/?#].*$/, '').replace(/:\d+$/, '')
}

export const domainHandlers = { 'domain.systemInfo': systemInfo }
