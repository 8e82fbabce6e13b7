import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { chooseMenuItem, clickWhenSettled, openContext, openSignedIn, signIn, startProduct, type Product, type SignedInOptions } from './harness'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

/** Spec §8 in a real browser, every case answered by the real server. */
describe('failed calls, as spec §8 shows them', () => {
  /** The admin on a list with a Refresh button to call the server again (it may have no rows), and the page's session token. */
  const onDomainList = async (locale: 'zh-CN' | 'en-US', options: SignedInOptions = {}) => {
    const browser = await openSignedIn(product, 'admin', locale, { ...options, at: '/domain/domainList' })
    await browser.page.locator('.ant-table').first().waitFor()
    return { ...browser, token: (await browser.page.evaluate(() => localStorage.getItem('token')))! }
  }

  it('shows a refused call for 5 seconds with the server message', async () => {
    const { page, close } = await onDomainList('en-US')
    try {
      await page.goto(`${product.url}/domain/domainList/create`)
      await page.locator('#root_host').fill('localhost')
      await page.locator('#root_name').fill('Taken')
      await page.getByRole('button', { name: 'Save' }).click()
      const toast = page.locator('.ant-message-error', { hasText: 'Host name "localhost" is already used by another Domain.' })
      await toast.waitFor()
      // Gone after spec §9's 5 seconds, not before.
      await page.waitForTimeout(3500)
      expect(await toast.count()).toBe(1)
      await toast.waitFor({ state: 'detached', timeout: 4000 })
    } finally {
      await close()
    }
  })

  it('asks before signing out when the session was revoked, and Cancel keeps the page and what was typed', async () => {
    // Its own session: the test revokes it.
    const { page, close, token } = await onDomainList('en-US', { ownSession: true })
    try {
      await page.goto(`${product.url}/domain/domainList/create`)
      await page.locator('#root_host').fill('kept.example.com')
      await page.locator('#root_name').fill('Kept')
      // Signed out elsewhere: the server now answers 50012 for this token.
      await page.request.post(`${product.url}/api/v1/platform/logout`, { headers: { token } })
      await page.getByRole('button', { name: 'Save' }).click()
      await page.locator('.ant-modal-confirm-title', { hasText: 'Confirm logout' }).waitFor()
      await page.getByText('You have been logged out, you can cancel to stay on this page, or log in again').waitFor()
      await clickWhenSettled(page.locator('.ant-modal-confirm-btns').getByRole('button', { name: 'Cancel' }))
      await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' })
      expect(page.url()).toMatch(/\/domainList\/create$/)
      expect(await page.locator('#root_host').inputValue()).toBe('kept.example.com')

      await page.getByRole('button', { name: 'Save' }).click()
      // Re-Login signs out and reloads the page. Clicked once the dialog has stopped moving, as Cancel was: a click
      // on a dialog still zooming in can land before its button takes it.
      await page.locator('.ant-modal-confirm-title', { hasText: 'Confirm logout' }).waitFor()
      await Promise.all([page.waitForEvent('load'), clickWhenSettled(page.getByRole('button', { name: 'Re-Login' }))])
      await page.waitForURL(/\/login(\?|$)/)
      await page.locator('#username').waitFor()
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    } finally {
      await close()
    }
  })

  it('asks the same when the session has expired (50014)', async () => {
    // Every session expires here; the file's shared ones are signed in again when next needed.
    const { page, close } = await onDomainList('en-US', { ownSession: true })
    try {
      const db = new SQLite(join(product.dataDir, 'console.sqlite'))
      db.prepare(`update session set expires_at = '2000-01-01T00:00:00.000Z'`).run()
      db.close()
      await page.getByRole('button', { name: 'Refresh' }).click()
      await page.locator('.ant-modal-confirm-title', { hasText: 'Confirm logout' }).waitFor()
    } finally {
      await close()
    }
  })

  it('on HTTP 401 without a session token, says the login expired, then signs out and reloads into sign-in', async () => {
    const { page, close } = await onDomainList('zh-CN', { ownSession: true })
    try {
      // The token is gone from this browser (cleared in another tab): the next call carries none, and the server answers 401.
      await page.evaluate(() => localStorage.removeItem('token'))
      await page.getByRole('button', { name: '刷新' }).click()
      await page.locator('.ant-message-error', { hasText: '登录已过期，请重新登录' }).waitFor()
      await page.waitForURL(/\/login(\?|$)/, { timeout: 5000 })
    } finally {
      await close()
    }
  })

  it('signs out to the login page and nothing else: no call after the token is gone, no "login expired"', async () => {
    const { page, close } = await openContext('en-US')
    try {
      for (const from of ['/home/index', '/domain/domainList']) {
        await signIn(page, product.url, 'admin', product.logins.admin!)
        await page.goto(`${product.url}${from}`)
        await page.locator(from === '/home/index' ? '.ant-statistic' : '.ant-table').first().waitFor()
        const refused: string[] = []
        page.on('response', (response) => {
          if (response.status() === 401) refused.push(response.url())
        })
        await page.getByRole('button', { name: 'admin' }).click()
        await chooseMenuItem(page, 'Sign out')
        await page.waitForURL((url) => url.pathname === '/login' && url.search === '')
        await page.locator('#username').waitFor()
        // Long enough for a refetch, its 401 and the 1.5-second "login expired" countdown to show.
        await page.waitForTimeout(2500)
        expect(refused).toEqual([])
        expect(await page.getByText('Login expired, please log in again').count()).toBe(0)
        expect(page.url()).toBe(`${product.url}/login`)
        page.removeAllListeners('response')
      }
    } finally {
      await close()
    }
  })

  it('keeps calling its server while the browser believes it is offline: the list refreshes and sign-out signs out', async () => {
    // Its own session: the test signs it out.
    const { page, close, token } = await onDomainList('en-US', { ownSession: true })
    try {
      await page.request.post(`${product.url}/api/v1/domain/add`, { headers: { token }, data: { host: 'while-offline.example.com', name: 'While offline' } })
      // What a browser announces when its network interface changes; the server, on this machine, is still there.
      await page.evaluate(() => window.dispatchEvent(new Event('offline')))
      await page.getByRole('button', { name: 'Refresh' }).click()
      await page.getByRole('row', { name: /while-offline\.example\.com/ }).waitFor({ timeout: 5000 })
      await page.getByRole('button', { name: 'admin' }).click()
      await chooseMenuItem(page, 'Sign out')
      await page.waitForURL(/\/login(\?|$)/, { timeout: 5000 })
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    } finally {
      await close()
    }
  })

  it('on HTTP 401 in a window holding a session token (an overstep login), offers only to close the window', async () => {
    const { page, close, token } = await onDomainList('en-US', { ownSession: true })
    try {
      // An overstep window: its token lives in session storage, marked as an overstep one, which window.open copies into the new window.
      await page.evaluate((t) => (sessionStorage.setItem('token', t), sessionStorage.setItem('token-overstep', '1')), token)
      const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate((url) => window.open(`${url}/domain/domainList`), product.url)])
      await popup.locator('.ant-table-row').first().waitFor()
      // A proxy drops the header on the way: the real server answers 401.
      await popup.route('**/api/v1/domain/list**', (route) => {
        const { token: _dropped, ...headers } = route.request().headers()
        return route.continue({ headers })
      })
      await popup.getByRole('button', { name: 'Refresh' }).click()
      await popup.locator('.ant-modal-confirm-title', { hasText: 'Login expired' }).waitFor()
      expect(await popup.getByRole('button', { name: 'Cancel' }).count()).toBe(0)
      // Once the dialog has finished appearing the window is still open: only the button closes it.
      const closeButton = popup.getByRole('button', { name: 'Close' })
      await closeButton.evaluate((button) => Promise.all(button.closest('.ant-modal-wrap')!.getAnimations({ subtree: true }).map((a) => a.finished)))
      expect(popup.isClosed()).toBe(false)
      // The click closes the page it was made in, which Playwright may report as the click failing.
      await Promise.all([popup.waitForEvent('close'), closeButton.click().catch((error: Error) => { if (!popup.isClosed()) throw error })])
    } finally {
      await close()
    }
  })
})
