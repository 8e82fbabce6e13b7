import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openBrowser, signIn, startProduct, type Product } from './harness'
import { rowAction } from './page-actions'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

/** Every value this page keeps in its storages and cookies, as one text. */
async function everythingStored(page: Page): Promise<string> {
  const storages = await page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((storage) => Array.from({ length: storage.length }, (_, i) => `${storage.key(i)}=${storage.getItem(storage.key(i)!)}`)),
  )
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`)
  return [...storages, ...cookies].join('\n')
}

describe('"Remember password" on the sign-in page', () => {
  it('unticked, keeps the sign-in to this browser session: session storage only, not in a fresh tab, still in a tab the console opens', async () => {
    const { context, page, close } = await openBrowser('en-US')
    try {
      await signIn(page, product.url, 'partner', product.logins.partner!, { remember: false })
      expect(await page.evaluate(() => [localStorage.getItem('token'), Boolean(sessionStorage.getItem('token'))])).toEqual([null, true])
      expect(await everythingStored(page)).not.toContain(product.logins.partner!)

      // A tab opened from nothing starts a new session: it is not signed in.
      const fresh = await context.newPage()
      await fresh.goto(`${product.url}/promotion/merchant`)
      await fresh.waitForURL((u) => u.pathname.startsWith('/login'))
      await fresh.close()

      // A merchant's console opened from the list still gets the partner's sign-in to open it with.
      await page.goto(`${product.url}/promotion/merchant`)
      const opened = context.waitForEvent('page')
      await rowAction(page, /merchant1/, 'Open console')
      const merchantTab = await opened
      await merchantTab.getByText('Demo merchant 1').first().waitFor()
      expect(merchantTab.url()).not.toContain('/login')
    } finally {
      await close()
    }
  })

  it('ticked, keeps the sign-in for its whole lifetime in local storage, in every tab, and still never the password', async () => {
    const { context, page, close } = await openBrowser('en-US')
    try {
      await signIn(page, product.url, 'partner', product.logins.partner!, { remember: true })
      expect(await page.evaluate(() => [Boolean(localStorage.getItem('token')), sessionStorage.getItem('token')])).toEqual([true, null])
      expect(await everythingStored(page)).not.toContain(product.logins.partner!)
      const fresh = await context.newPage()
      await fresh.goto(`${product.url}/promotion/merchant`)
      await fresh.getByRole('row', { name: /merchant1/ }).waitFor()
      expect(fresh.url()).not.toContain('/login')

      // The next visit offers the username and the choice again, not the password.
      await page.evaluate(() => localStorage.removeItem('token'))
      await page.goto(`${product.url}/login`)
      expect(await page.locator('#username').inputValue()).toBe('partner')
      expect(await page.locator('#password').inputValue()).toBe('')
      expect(await page.locator('#remember').isChecked()).toBe(true)
    } finally {
      await close()
    }
  })
})
