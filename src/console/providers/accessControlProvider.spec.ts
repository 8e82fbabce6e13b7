import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CanParams } from '@refinedev/core'
import { readSchemaFiles } from '../../schema/load-files'
import { createRegistry } from '../../schema/registry'
import { ROLES, type Registry, type Role } from '../../schema/types'
import { createAccessControlProvider } from './accessControlProvider'

const SCHEMAS_DIR = resolve(__dirname, '../../../schemas')

interface ResourceFile {
  roles: string[]
  endpoints: Record<string, string>
}
interface NavigationFile {
  groups: { name: string; path: string; label: Record<string, string>; order: number; roles?: string[]; children: unknown[] }[]
}

/**
 * The real schema files, with domain's resource file and navigation group edited. Its
 * endpoints are opened to every role, since the registry refuses a screen whose roles
 * its endpoints would refuse.
 */
function registryWith(
  edit: { resource?: (r: ResourceFile) => void; group?: (g: NavigationFile['groups'][number]) => void; navigation?: (n: NavigationFile) => void } = {},
): Registry {
  const files = readSchemaFiles(SCHEMAS_DIR).map((file) => {
    if (file.path.startsWith('endpoints/domain/') && (edit.resource || edit.group)) {
      return { ...file, text: JSON.stringify({ ...(JSON.parse(file.text) as object), roles: ['*'] }) }
    }
    if (file.path === 'resources/domain.json' && edit.resource) {
      const resource = JSON.parse(file.text) as ResourceFile
      edit.resource(resource)
      return { ...file, text: JSON.stringify(resource) }
    }
    if (file.path === 'navigation.json' && (edit.group || edit.navigation)) {
      const navigation = JSON.parse(file.text) as NavigationFile
      edit.group?.(navigation.groups.find((g) => g.name === 'domain')!)
      edit.navigation?.(navigation)
      return { ...file, text: JSON.stringify(navigation) }
    }
    return file
  })
  return createRegistry(files)
}

/** Which roles may do `params`, asked the way Refine asks. */
async function whoCan(registry: Registry, params: CanParams): Promise<Role[]> {
  const allowed: Role[] = []
  for (const role of ROLES) {
    if ((await createAccessControlProvider(registry, async () => role).can(params)).can) allowed.push(role)
  }
  return allowed
}

const ACTIONS = ['list', 'show', 'create', 'edit', 'delete'] as const

describe('createAccessControlProvider over the real schema files', () => {
  const registry = registryWith()

  it('lets only admin do anything with domains, as resources/domain.json says', async () => {
    for (const action of ACTIONS) expect(await whoCan(registry, { resource: 'domain', action }), action).toEqual(['admin'])
  })

  it('refuses everything before sign-in, and says why', async () => {
    const access = createAccessControlProvider(registry, async () => null)
    await expect(access.can({ resource: 'domain', action: 'list' })).resolves.toEqual({ can: false, reason: 'Sign in first' })
  })

  it('refuses a call that names no resource', async () => {
    const access = createAccessControlProvider(registry, async () => 'admin')
    await expect(access.can({ action: 'list' })).resolves.toMatchObject({ can: false })
  })

  it('leaves a name no schema file declares to its page', async () => {
    expect(await whoCan(registry, { resource: 'matrix-report', action: 'list' })).toEqual(ROLES)
  })

  it('asks the role each time, so a new sign-in takes effect at once', async () => {
    let role: Role = 'merchant'
    const access = createAccessControlProvider(registry, async () => role)
    expect((await access.can({ resource: 'domain', action: 'list' })).can).toBe(false)
    role = 'admin'
    expect((await access.can({ resource: 'domain', action: 'list' })).can).toBe(true)
  })

  it('turns button access control on and hides what is refused', () => {
    expect(createAccessControlProvider(registry, async () => 'admin').options).toEqual({ buttons: { enableAccessControl: true, hideIfUnauthorized: true } })
  })
})

describe('role rules (spec §6)', () => {
  it.each([
    ['a star is any role', ['*'], undefined, ROLES],
    ['a listed role is allowed, others are not', ['admin', 'merchant'], undefined, ['admin', 'merchant']],
    ['the group\'s own list also gates its resources', ['*'], ['admin', 'partner'], ['admin', 'partner']],
    ['a group with a star gates nothing', ['partner'], ['*'], ['partner']],
    ['a developer-only group only hides from the menu', ['*'], ['developer'], ROLES],
    ['a resource narrower than its group is still narrower', ['admin'], ['admin', 'partner'], ['admin']],
  ] as [string, string[], string[] | undefined, Role[]][])('%s', async (_, resourceRoles, groupRoles, expected) => {
    const registry = registryWith({
      resource: (r) => void (r.roles = resourceRoles),
      group: (g) => {
        if (groupRoles) g.roles = groupRoles
        else delete g.roles
      },
    })
    for (const action of ['list', 'show'] as const) expect(await whoCan(registry, { resource: 'domain', action }), action).toEqual(expected)
  })
})

describe('menu groups', () => {
  it('answers for a group that is not a resource by the group\'s own roles', async () => {
    const registry = registryWith({
      navigation: (n) => {
        n.groups.push({ name: 'reports', path: '/reports', label: { 'zh-CN': '报表', 'en-US': 'Reports' }, order: 70, roles: ['admin', 'merchant'], children: [] })
        n.groups.push({ name: 'devtools', path: '/devtools', label: { 'zh-CN': '开发', 'en-US': 'Developer' }, order: 80, roles: ['developer'], children: [] })
      },
    })
    expect(await whoCan(registry, { resource: 'reports', action: 'list' })).toEqual(['admin', 'merchant'])
    expect(await whoCan(registry, { resource: 'devtools', action: 'list' })).toEqual(ROLES)
  })
})

describe('actions follow the endpoints the resource file names', () => {
  it('refuses show, create, edit and delete that have no endpoint, whatever the role', async () => {
    const registry = registryWith({
      resource: (r) => {
        delete r.endpoints.get
        delete r.endpoints.create
        delete r.endpoints.update
        delete r.endpoints.delete
      },
    })
    expect(await whoCan(registry, { resource: 'domain', action: 'list' })).toEqual(['admin'])
    for (const action of ['show', 'create', 'edit', 'delete'] as const) expect(await whoCan(registry, { resource: 'domain', action }), action).toEqual([])
  })
})
