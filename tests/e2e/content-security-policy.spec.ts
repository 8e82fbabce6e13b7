import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createRegistry } from '../../src/schema/registry'
import { readSchemaFiles } from '../../src/schema/load-files'
import { consoleRoutes, routeAllows } from '../../src/schema/route-access'
import type { Role } from '../../src/schema/types'
import { SCHEMAS_DIR } from '../api/harness'
import { startProduct, withBrowser, withSignedIn, type Product } from './harness'
import { EVERY_VARIANT } from './screens'
import { watchViolations } from './policy-violations'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

const registry = createRegistry(readSchemaFiles(SCHEMAS_DIR))

/** Every page a role may open: its routes, and the create form of each of its screens it may create on. */
function pagesOf(role: Role): string[] {
  const pages: string[] = []
  for (const route of consoleRoutes(registry)) {
    if (!routeAllows(route.roles, role)) continue
    pages.push(route.path)
    const create = route.resource ? registry.resources.get(route.resource)!.endpoints.create : undefined
    const access = create ? registry.endpoints.get(create)!.access : 'open'
    if (create && access !== 'open' && (access.includes(role) || access.includes('*'))) pages.push(`${route.path}/create`)
  }
  return pages
}

/** The roles whose pages are walked, in turn; the demo login of each. */
const WALKERS = [['admin', 'admin'], ['partner', 'partner'], ['merchant', 'merchant1']] as const

/**
 * Open each page as the signed-in demo login and let it settle: its code loaded, its data
 * fetched, its styles injected. A create form is sent empty, so that it checks its fields in
 * the browser and shows what is missing.
 */
async function walk(page: Page, pages: string[]): Promise<void> {
  for (const path of pages) {
    await page.goto(`${product.url}${path}`, { waitUntil: 'networkidle' })
    await page.locator('.ant-layout-content').first().waitFor()
    if (path.endsWith('/create')) {
      await page.locator('form button[type="submit"]').click()
      await page.locator('.ant-form-item-explain-error').first().waitFor()
    }
  }
}

describe('the console under its Content-Security-Policy (no unsafe-eval, scripts by origin and hash)', () => {
  it('shows the login page and the forgot-password dialog with its picture code without a violation', () =>
    withBrowser(async (page) => {
      const violations = await watchViolations(page)
      await page.goto(`${product.url}/login`, { waitUntil: 'networkidle' })
      await page.getByRole('button', { name: 'Forgot password' }).click()
      await page.locator('img[src^="data:image/svg+xml"]').waitFor()
      // The dialog's fields are checked by the server's compiled validators as they are left.
      await page.getByRole('dialog').locator('input').first().fill('   ')
      await page.getByRole('dialog').locator('input').nth(1).focus()
      await page.getByText('cannot be blank').waitFor()
      expect(violations).toEqual([])
    }, 'en-US'))

  // Every page as a person moves between them is walked under the policy by accessibility.spec.ts;
  // opening each one as a fresh document, for every role, is left to npm run screens.
  for (const [role, username] of EVERY_VARIANT ? WALKERS : []) {
    const pages = pagesOf(role)
    it(`opens every page ${role === 'admin' ? 'an' : 'a'} ${role} may open as a fresh document without a violation`, () =>
      withSignedIn(product, username, async (page) => {
        const violations = await watchViolations(page)
        expect(pages.length).toBeGreaterThan(role === 'merchant' ? 4 : 10)
        await walk(page, pages)
        expect(violations).toEqual([])
      }), 600_000)
  }

  it('checks a form in the browser with the validators the server compiled', () =>
    withSignedIn(product, 'admin', async (page) => {
      const violations = await watchViolations(page)
      await page.goto(`${product.url}/domain/domainList/create`, { waitUntil: 'networkidle' })
      await page.locator('#root_host').fill('shop.example.com')
      await page.locator('#root_name').fill('\u3000 ')
      await page.locator('#root_logo').fill('javascript:alert(document.cookie)')
      await page.locator('form button[type="submit"]').click()
      await page.getByText('Site name cannot be blank: spaces alone are not a value').waitFor()
      await page.getByText('Logo must be an address starting with https:// or http://, or an uploaded file (/uploads/…), with no spaces').waitFor()
      expect(violations).toEqual([])
    }))

  it('runs the API reference (Swagger UI) under its own policy', () =>
    withBrowser(async (page) => {
      const violations = await watchViolations(page)
      await page.goto(`${product.url}/api/v1/docs/`, { waitUntil: 'networkidle' })
      await page.locator('.swagger-ui .info .title').waitFor()
      await page.locator('.opblock').first().waitFor()
      expect(violations).toEqual([])
    }))
})
