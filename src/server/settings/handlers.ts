import type { ConfigGroupDef } from '../../schema/types'
import { AppError, fieldError } from '../errors/AppError'
import { readGroup, withoutSecrets, writeGroup } from './settings-store'
import { secretFields } from '../../schema/config-groups'
import { checkCertPair, readCertSummary, storeCertPair, summarize } from './pay-cert'
import type { Caller } from '../access/caller'
import { namedHandler, requireCaller, fieldsOf, type RequestContext } from '../engine/handler-context'

/** The named group; an unknown name is a field error on `group`, in the caller's language. */
function groupOf(ctx: RequestContext, name: unknown, pointer: string): ConfigGroupDef {
  const group = ctx.services.registry.configGroups.get(String(name))
  if (!group) throw fieldError('CONFIG_GROUP_UNKNOWN', pointer, ctx.locale, { group: String(name) })
  return group
}

/** May this caller read the group's values (secrets aside)? Admins always may. */
function readable(group: ConfigGroupDef, caller: Caller | null): boolean {
  if (!caller) return false
  return caller.role === 'admin' || group.read.includes('*') || group.read.includes(caller.role)
}

/** The values a non-admin reader gets: no secrets, not even whether they are set. */
async function publicValues(ctx: RequestContext, group: ConfigGroupDef): Promise<Record<string, unknown>> {
  const secrets = secretFields(group)
  const values = await readGroup(ctx.services, group)
  return Object.fromEntries(Object.entries(values).filter(([name]) => !secrets.includes(name)))
}

async function adminView(ctx: RequestContext, group: ConfigGroupDef) {
  return { group: group.name, ...withoutSecrets(group, await readGroup(ctx.services, group)) }
}

const getConfig = namedHandler(['platform/get_config'], {
  async run(ctx) {
    return adminView(ctx, groupOf(ctx, ctx.query.group, '/group'))
  },
})

const setConfig = namedHandler(['platform/set_config'], {
  async run(ctx) {
    const group = groupOf(ctx, ctx.body.group, '/group')
    await writeGroup(ctx.services, group, fieldsOf(ctx.body.values), requireCaller(ctx).id, ctx.locale)
    return adminView(ctx, group)
  },
})

/** One group's settings as a name and value list (spec §3 config entries), for any role the group lets read. */
const getSimpleConfig = namedHandler(['platform/get_simple_config'], {
  async run(ctx) {
    const group = groupOf(ctx, ctx.query.group, '/group')
    if (!readable(group, ctx.caller)) throw new AppError('CONFIG_GROUP_FORBIDDEN', { group: group.name })
    return Object.entries(await publicValues(ctx, group)).map(([name, value]) => ({ name, value }))
  },
})

const getSingleConfig = namedHandler(['platform/get_single_config'], {
  async run(ctx) {
    const name = ctx.query.name
    const group = [...ctx.services.registry.configGroups.values()].find((g) => name in (g.schema.properties as object))
    if (!group || secretFields(group).includes(name) || !readable(group, ctx.caller)) throw fieldError('CONFIG_NAME_UNKNOWN', '/name', ctx.locale, { name })
    return { name, value: (await publicValues(ctx, group))[name] }
  },
})

/** Every setting the caller may read, in one object: what the console keeps after sign-in. */
const getPlatformConfig = namedHandler(['platform/get_platform_config'], {
  async run(ctx) {
    const out: Record<string, unknown> = {}
    for (const group of ctx.services.registry.configGroups.values()) {
      if (group.read.length > 0 && readable(group, ctx.caller)) Object.assign(out, await publicValues(ctx, group))
    }
    return out
  },
})

/** The init group with the uploaded certificate's details: what the system-init screen shows. */
async function initView(ctx: RequestContext) {
  return { ...(await adminView(ctx, groupOf(ctx, 'init', ''))), cert: await readCertSummary(ctx.services.config.dataDir) }
}

const init = {
  get: namedHandler(['init_config/get_config'], { run: initView }),
  set: namedHandler(['init_config/set_config'], {
    async run(ctx) {
      await writeGroup(ctx.services, groupOf(ctx, 'init', ''), fieldsOf(ctx.body.values), requireCaller(ctx).id, ctx.locale)
      return initView(ctx)
    },
  }),
  /** The WeChat Pay certificate and key, checked as a PEM pair; only the certificate's details are ever answered. */
  uploadCert: namedHandler(['init_config/upload_cert'], {
    async run(ctx) {
      const certPem = ctx.files.cert!.data
      const keyPem = ctx.files.key!.data
      const { cert } = checkCertPair(certPem, keyPem, ctx.services.now(), ctx.locale)
      await storeCertPair(ctx.services.config.dataDir, certPem, keyPem)
      return summarize(cert)
    },
  }),
}

export const settingsHandlers = {
  'settings.get': getConfig,
  'settings.set': setConfig,
  'settings.simple': getSimpleConfig,
  'settings.single': getSingleConfig,
  'settings.platform': getPlatformConfig,
  'settings.initGet': init.get,
  'settings.initSet': init.set,
  'settings.uploadCert': init.uploadCert,
}
