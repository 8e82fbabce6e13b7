import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { callApi, openContext, signIn, startProduct, withBrowser, type Product } from './harness'
import { rowAction } from './page-actions'
import { hashCaptchaAnswer } from '../../src/server/password-reset/captcha'
import { DEMO_INVITE_CODE } from '../../src/server/demo/demo-month'

let product: Product
beforeAll(async () => {
  // As `npm start` seeds it, with its month of demo activity: the sign-in page does not depend on a quiet world.
  product = await startProduct({ demoMonth: true })
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
    const { context, page, close } = await openContext('en-US')
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
    const { context, page, close } = await openContext('en-US')
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

/**
 * The picture's characters cannot be read by a test, and the product has no switch that
 * would reveal them: the test replaces the stored answer of the captcha the page shows with
 * the hash of one it chose, as anyone with the database could.
 */
function chooseCaptchaAnswer(captchaId: string, answer: string): void {
  const db = new SQLite(join(product.dataDir, 'console.sqlite'))
  try {
    expect(db.prepare('update captcha_challenge set answer_hash = ? where challenge = ?').run(hashCaptchaAnswer(captchaId, answer), captchaId).changes).toBe(1)
  } finally {
    db.close()
  }
}

/** The id of the next captcha picture the page loads. */
async function nextCaptchaId(page: Page, trigger: () => Promise<unknown>): Promise<string> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/v1/platform/captcha_image')), trigger()])
  return ((await response.json()) as { data: { captcha_id: string } }).data.captcha_id
}

/** The demo site this browser opens the product on (127.0.0.1), as an admin sees it. */
async function localSite(): Promise<{ id: number }> {
  const sites = await callApi<{ data: { id: number; host: string }[] }>(product, { username: 'admin' }, 'GET', '/domain/list?host=127.0.0.1')
  return sites.data.find((site) => site.host === '127.0.0.1')!
}

describe('registering a merchant from the sign-in page', () => {
  it('registers with the partner\'s invitation code by keyboard alone, marks a wrong code on its field, and lands in the new merchant\'s workbench', async () => {
    await withBrowser(async (page) => {
      await page.goto(`${product.url}/login`)
      let captchaId = await nextCaptchaId(page, () => page.getByRole('button', { name: 'Register account' }).click())
      const dialog = page.getByRole('dialog', { name: 'Register a merchant account' })
      await dialog.waitFor()

      // Every field is labelled, and the first has the focus: the form is filled and sent from the keyboard.
      await expect.poll(() => dialog.getByLabel('Invitation code').evaluate((input) => input === document.activeElement)).toBe(true)
      await page.keyboard.type('0000')
      await page.keyboard.press('Tab')
      await page.keyboard.type('13700137000')
      await page.keyboard.press('Tab')
      await page.keyboard.type('Green tea 88')
      expect(await dialog.getByLabel('Mobile or username').inputValue()).toBe('13700137000')
      expect(await dialog.getByLabel('Password', { exact: true }).inputValue()).toBe('Green tea 88')
      await dialog.getByLabel('Confirm the password').focus()
      await page.keyboard.type('Green tea 88')
      await page.keyboard.press('Tab')
      expect(await dialog.getByLabel('Picture code').evaluate((input) => input === document.activeElement)).toBe(true)
      chooseCaptchaAnswer(captchaId, 'T3ST')
      await page.keyboard.type('t3st')
      const firstId = captchaId
      captchaId = await nextCaptchaId(page, () => page.keyboard.press('Enter'))
      expect(captchaId).not.toBe(firstId)
      await dialog.locator('#register_invite_code_help', { hasText: 'There is no partner with invitation code "0000".' }).waitFor()
      expect(await dialog.getByLabel('Picture code').inputValue()).toBe('')

      await dialog.getByLabel('Invitation code').fill(DEMO_INVITE_CODE)
      chooseCaptchaAnswer(captchaId, 'W4NG')
      await dialog.getByLabel('Picture code').fill('W4NG')
      await page.keyboard.press('Enter')
      await page.waitForURL((u) => u.pathname === '/dashboard/workBench')
      await page.getByText('13700137000').first().waitFor()
      expect(await page.evaluate(() => [localStorage.getItem('token'), Boolean(sessionStorage.getItem('token'))])).toEqual([null, true])
    }, 'en-US')

    // The partner finds the new merchant among its own.
    const merchants = await callApi<{ data: { username: string; mobile: string; parent_id: number }[] }>(product, { username: 'partner' }, 'GET', '/provider_service/merchant?username=13700137000')
    expect(merchants.data).toEqual([expect.objectContaining({ username: '13700137000', mobile: '13700137000' })])
  })

  it('offers no registration on a site that closes it, and offers it again once it opens', async () => {
    const site = await localSite()
    await callApi(product, { username: 'admin' }, 'POST', '/domain/edit', { id: site.id, allow_register: 0 })
    try {
      await withBrowser(async (page) => {
        await page.goto(`${product.url}/login`)
        // The branding (which says whether registration is open) has come once the site's name shows.
        await page.getByText('Short-video console (local)').first().waitFor()
        expect(await page.getByRole('button', { name: 'Register account' }).count()).toBe(0)
        await callApi(product, { username: 'admin' }, 'POST', '/domain/edit', { id: site.id, allow_register: 1 })
        await page.reload()
        await page.getByRole('button', { name: 'Register account' }).waitFor()
      }, 'en-US')
    } finally {
      await callApi(product, { username: 'admin' }, 'POST', '/domain/edit', { id: site.id, allow_register: -1 })
    }
  })
})
