import { namedHandler } from '../engine/handler-context'
import { normalizeHost } from './host-name'
import { registrationOpen } from './registration-open'
import { siteBranding } from './site-branding'

const systemInfo = namedHandler(['platform/get_system_info'], {
  async run(ctx) {
    const host = normalizeHost(ctx.query.domain)
    return { ...(await siteBranding(ctx.services, host)), allow_register: await registrationOpen(ctx.services, host) }
  },
})

export const domainHandlers = { 'domain.systemInfo': systemInfo }
