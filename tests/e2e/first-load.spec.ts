import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startProduct, withBrowser, type Product } from './harness'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

/** Holds every request for schema files (the login page's own, with `?endpoints=`, and the whole set) until `release` is called; `asked` counts them. */
async function holdSchemaFiles(page: Page): Promise<{ release(): void; asked(): number }> {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let asked = 0
  await page.route(/\/api\/v1\/platform\/console_schemas(\?|$)/, async (route) => {
    asked++
    await held
    await route.continue()
  })
  return { release, asked: () => asked }
}

describe('the first load of the login page', () => {
  it('signs in before the schema files have arrived, and opens the console once they have', () =>
    withBrowser(async (page) => {
      const schemaFiles = await holdSchemaFiles(page)
      await page.goto(`${product.url}/login`)
      // index.html asked for the stored locale's words (English here) with the page's code, not after it, and for no other's.
      expect(await page.locator('link[rel="modulepreload"][href*="/pack-en-US-"]').count()).toBe(1)
      expect(await page.locator('link[rel="modulepreload"][href*="/pack-zh-CN-"]').count()).toBe(0)
      await page.locator('#username').fill('admin')
      await page.locator('#password').fill(product.logins.admin!)
      const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/v1/platform/login'))
      await page.locator('form button[type="submit"]').click()
      expect((await (await signedIn).json()) as { code: number }).toMatchObject({ code: 1 })
      // Still held: the form rendered and worked without them.
      expect(schemaFiles.asked()).toBeGreaterThan(0)
      schemaFiles.release()
      await page.waitForURL(/\/home\/index$/)
      await page.locator('.ant-menu-item-selected').waitFor()
    }, 'en-US'))

  it('keeps what was typed when the schema files arrive, and then offers what needs them', () =>
    withBrowser(async (page) => {
      const schemaFiles = await holdSchemaFiles(page)
      await page.goto(`${product.url}/login`)
      await page.locator('#username').fill('partner')
      await expect.poll(() => page.getByRole('button', { name: 'Forgot password' }).isDisabled()).toBe(true)
      expect(await page.getByRole('button', { name: 'User agreement' }).count()).toBe(0)
      schemaFiles.release()
      await page.getByRole('button', { name: 'User agreement' }).waitFor()
      await expect.poll(() => page.getByRole('button', { name: 'Forgot password' }).isEnabled()).toBe(true)
      expect(await page.locator('#username').inputValue()).toBe('partner')
      await page.locator('#password').fill(product.logins.partner!)
      await page.locator('form button[type="submit"]').click()
      await page.waitForURL((url) => !url.pathname.startsWith('/login'))
    }, 'en-US'))
})
