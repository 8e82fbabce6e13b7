import type { Page } from 'playwright-core'
import type { Product } from '../e2e/harness'
import { assembleRegistry } from '../../src/schema/registry-core'
import { consoleRoutes, menuFor } from '../../src/schema/route-access'
import { roleOfUserType, type Registry, type Role, type SchemaFile } from '../../src/schema/types'

/** A list the menu leads to: a resource's generated table, or a hand-written task list. */
export interface ListPage {
  path: string
  label: string
  kind: 'resource' | 'tasks'
}

/** A demo login, the role its profile gives it, and the list pages its menu shows. */
export interface RoleLists {
  username: string
  password: string
  role: Role
  token: string
  pages: ListPage[]
}

/**
 * Every list page in each demo login's menu, read from the schema files the running product
 * serves (the ones the console builds its menu from), so a resource added to the schemas is
 * measured without a change here. Logins sharing a role (merchant1, merchant2) are measured once.
 */
export async function listPagesByRole(product: Product): Promise<RoleLists[]> {
  const registry = await productRegistry(product.url)
  const routes = consoleRoutes(registry)
  const seen = new Set<Role>()
  const out: RoleLists[] = []
  for (const [username, password] of Object.entries(product.logins)) {
    const token = await apiSignIn(product.url, username, password)
    const role = await roleOf(product.url, token)
    if (seen.has(role)) continue
    seen.add(role)
    const pages = menuFor(registry, role)
      .flatMap((group) => group.children.filter((child) => !child.hideInMenu))
      .flatMap((child): ListPage[] => {
        const route = routes.find((r) => r.path === child.path)
        const label = child.label['en-US']
        if (route?.resource && registry.resources.get(route.resource)?.endpoints.list) return [{ path: child.path, label, kind: 'resource' }]
        if (route?.page === 'task-list') return [{ path: child.path, label, kind: 'tasks' }]
        return []
      })
    out.push({ username, password, role, token, pages })
  }
  return out
}

async function productRegistry(url: string): Promise<Registry> {
  const answer = (await (await fetch(`${url}/api/v1/platform/console_schemas`, { headers: { platform: 'pc' } })).json()) as { data: { files: SchemaFile[] } }
  const { registry, problems } = assembleRegistry(answer.data.files)
  if (problems.length > 0) throw new Error(`the product's schema files do not assemble: ${problems.length} problems`)
  return registry
}

export async function apiSignIn(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/platform/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) })
  const body = (await response.json()) as { code: number; msg: string; data: { userinfo: { token: string } } }
  if (body.code !== 1) throw new Error(`signing in as ${username} answered ${body.code}: ${body.msg}`)
  return body.data.userinfo.token
}

async function roleOf(url: string, token: string): Promise<Role> {
  const response = await fetch(`${url}/api/v1/platform/get_user_info`, { method: 'POST', headers: { token, platform: 'pc', 'content-type': 'application/json' }, body: '{}' })
  const body = (await response.json()) as { data: { user_type: number } }
  return roleOfUserType(Number(body.data.user_type)) ?? 'agent'
}

/**
 * Resolves once the list on screen shows its data: rows, cards or its empty state, and no
 * spinner or placeholder left in the page's content. Pages kept alive in hidden tabs do not count.
 */
export async function listShown(page: Page, kind: ListPage['kind'], timeoutMs = 30_000): Promise<void> {
  await page.waitForFunction(
    (kind) => {
      // The console's page area; the floor page has only its table.
      const content = document.getElementById('main-content') ?? document.body
      // No named functions in here: the bench runs under tsx, whose names for them the page lacks.
      const [data, waiting] = [kind === 'resource' ? '.ant-table-row, .ant-table-placeholder .ant-empty' : '.task-list, .ant-empty', '.ant-spin-spinning, .ant-skeleton'].map(
        (selector) => [...content.querySelectorAll(selector)].filter((el) => el.checkVisibility()).length,
      )
      return data! > 0 && waiting === 0
    },
    kind,
    { timeout: timeoutMs, polling: 'raf' },
  )
}
