import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import type { Page } from 'playwright-core'
import { chooseMenuItem, openContext, openSignedIn, signIn, startProduct, withSignedIn, type Product } from './harness'
import { copySchemas } from '../api/harness'
import { addClipRoute } from '../support/clip-route'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

describe('routes and guards of spec §2 and §4', () => {
  it('sends a visitor who is not signed in to sign-in, from any route', async () => {
    const { page, close } = await openContext('en-US')
    try {
      for (const path of ['/user/info', '/exception/500', '/no/such/page']) {
        await page.goto(`${product.url}${path}`)
        await page.waitForURL(/\/login(\?|$)/)
      }
    } finally {
      await close()
    }
  })

  it('resolves /, group paths and /redirect/<path>, and sends an unknown path to not-found', async () => {
    const { page, close } = await openSignedIn(product, 'admin')
    try {
      // Spec §2: / is the home page.
      await page.goto(`${product.url}/`)
      await page.waitForURL(/\/home\/index$/)
      await page.goto(`${product.url}/domain`)
      await page.waitForURL(/\/domain\/domainList/)
      await page.goto(`${product.url}/redirect/user/info`)
      await page.waitForURL(/\/user\/info$/)
      await page.goto(`${product.url}/no/such/page`)
      await page.getByText('Sorry, the page you visited does not exist.').waitFor()
      await page.goto(`${product.url}/exception/500`)
      await page.getByText('Sorry, something went wrong on the server.').waitFor()
    } finally {
      await close()
    }
  })

  it('lands every role on a page it may use, with a menu to go on from (spec §4)', async () => {
    const landings: [string, RegExp, string][] = [
      ['admin', /\/home\/index$/, '.ant-statistic'],
      ['partner', /\/dashboard\/workBench$/, '.ant-statistic'],
      ['merchant1', /\/dashboard\/workBench$/, '.ant-statistic'],
      // An agent may open only its own pages (spec §2): its profile, and its settings from the menu.
      ['agent', /\/user\/info$/, '.ant-descriptions'],
    ]
    for (const [username, landing, content] of landings) {
      const { page, close } = await openSignedIn(product, username)
      try {
        await page.waitForURL(landing)
        await page.locator(content).first().waitFor()
        expect(await page.getByText('Sorry, the page you visited does not exist.').count()).toBe(0)
        await page.locator('.ant-menu-item-selected').waitFor()
        expect(await page.locator('.ant-layout-sider .ant-menu-item').count()).toBeGreaterThan(0)
        if (username === 'agent') {
          expect(await page.locator('.ant-layout-sider .ant-menu-item').allInnerTexts()).toEqual(['User info', 'User settings'])
          await page.getByRole('menuitem', { name: 'User settings' }).click()
          await page.getByText('Change password').waitFor()
        }
      } finally {
        await close()
      }
    }
  })

  it("highlights the menu entry a page hidden from the menu belongs under (its activeMenu), in its open group, also from the server's menu", async () => {
    const pages: [string, string, string, string][] = [
      ['admin', '/promotion/all-merchant', 'Promotion', 'Merchants'],
      ['admin', '/account/recharge-offer', 'Settings center', 'Recharge orders'],
      ['partner', '/account/recharge-offer', 'Settings center', 'Recharge orders'],
    ]
    for (const fromServer of [false, true]) {
      for (const [username, path, group, entry] of pages) {
        const { page, close } = await openSignedIn(product, username, 'en-US', { at: path, storage: fromServer ? { 'console-settings': JSON.stringify({ menuFromServer: true }) } : {} })
        try {
          await page.locator('.resource-table').waitFor()
          const sider = page.locator('.ant-layout-sider')
          await sider.locator('.ant-menu-item-selected').waitFor()
          expect(await sider.locator('.ant-menu-item-selected').allInnerTexts(), `${username} at ${path}`).toEqual([entry])
          expect(await sider.locator('.ant-menu-submenu-open > .ant-menu-submenu-title').allInnerTexts(), `${username} at ${path}`).toEqual([group])
        } finally {
          await close()
        }
      }
    }
  })

  it("shows the site's name whole in the open sider at 1440 px, on two lines, with its title; the collapsed sider keeps the logo", async () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const { page, close } = await openSignedIn(product, 'admin', locale, { viewport: { width: 1440, height: 900 } })
      try {
        const name = page.locator('.ant-layout-sider .console-title-name')
        await name.waitFor()
        const shown = await name.evaluate((el) => ({
          title: el.getAttribute('title'),
          whole: el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1,
          lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
          inside: el.getBoundingClientRect().right <= el.closest('.ant-layout-sider')!.getBoundingClientRect().right,
        }))
        expect(shown).toEqual({ title: 'Short-video console (local)', whole: true, lines: 2, inside: true })
        await page.locator('.ant-layout-sider-trigger').click()
        await page.locator('.ant-layout-sider-collapsed').waitFor()
        expect(await name.count()).toBe(0)
        expect(await page.locator('.ant-layout-sider a[href="/"]').getAttribute('aria-label')).toBe('Short-video console (local)')
      } finally {
        await close()
      }
    }
  })

  it('says the console is opening, in the stored locale and theme, until its first render replaces that', async () => {
    const { page, close } = await openSignedIn(product, 'merchant1', 'zh-CN', { at: '/robots.txt', storage: { 'console-theme': 'dark' } })
    try {
      // The schema files held back: the console cannot render before they arrive.
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/api/v1/platform/console_schemas', async (route) => {
        await held
        await route.continue()
      })
      await page.goto(`${product.url}/creation/resource`)
      const opening = page.locator('#root > [role="status"]')
      await expect.poll(() => opening.textContent()).toBe('正在打开控制台…')
      expect(await opening.getAttribute('class')).toBe('console-opening console-opening-dark')
      release()
      await page.getByRole('heading', { name: '素材管理' }).waitFor()
      expect(await opening.count()).toBe(0)
    } finally {
      await close()
    }
  })

  it('keeps /exception/403 to admins: a merchant is sent where spec §4 says', async () => {
    const { page, close } = await openSignedIn(product, 'merchant1', 'en-US', { at: '/exception/403' })
    try {
      // Spec §4: to the first route the role may open.
      await page.waitForURL(/\/dashboard\/workBench$/)
      // Routes open to every role stay open to it.
      await page.goto(`${product.url}/exception/404`)
      await page.getByText('Sorry, the page you visited does not exist.').waitFor()
      expect(page.url()).toMatch(/\/exception\/404$/)
    } finally {
      await close()
    }
  })
})

describe('the user pages', () => {
  it('shows the profile, and changes the password, signing out the other sessions', async () => {
    const other = await fetch(`${product.url}/api/v1/platform/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'merchant2', password: product.logins.merchant2 }) })
    const otherToken = ((await other.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token
    const { page, close } = await openContext('en-US')
    try {
      await signIn(page, product.url, 'merchant2', product.logins.merchant2!)
      await page.getByRole('button', { name: 'merchant2' }).click()
      await chooseMenuItem(page, 'User info')
      await page.waitForURL(/\/user\/info$/)
      await page.getByRole('cell', { name: 'merchant2', exact: true }).waitFor()
      await page.getByRole('cell', { name: 'Merchant', exact: true }).waitFor()

      await page.getByRole('button', { name: 'merchant2' }).click()
      await chooseMenuItem(page, 'User settings')
      // The page has the profile form too; these saves are the password form's.
      const save = page.locator('form', { has: page.locator('#root_old_password') }).getByRole('button', { name: 'Save' })
      await page.locator('#root_old_password').fill('not my password')
      await page.locator('#root_new_password').fill('short')
      await save.click()
      await page.getByText('New password must be at least 8 characters').waitFor()
      await page.locator('#root_new_password').fill('a brand new password')
      await save.click()
      // The server marks the field it refuses.
      await page.locator('.ant-form-item-explain-error', { hasText: 'The current password is wrong.' }).waitFor()

      await page.locator('#root_old_password').fill(product.logins.merchant2!)
      await save.click()
      await page.getByText('Password changed. Your other sessions have been signed out.').waitFor()
      expect(await page.locator('#root_old_password').inputValue()).toBe('')
      const stale = await fetch(`${product.url}/api/v1/platform/get_user_info`, { method: 'POST', headers: { token: otherToken, 'content-type': 'application/json' }, body: '{}' })
      expect(((await stale.json()) as { code: number }).code).toBe(50012)
      // This session carries on.
      await page.getByRole('button', { name: 'merchant2' }).click()
      await chooseMenuItem(page, 'User info')
      await page.getByRole('cell', { name: 'merchant2', exact: true }).waitFor()
    } finally {
      await close()
    }
  })
})

describe('the settings drawer (spec §2, §4)', () => {
  it('changes the layout with each toggle, keeps it across a reload, and copies the settings', async () => {
    const { context, page, close } = await openSignedIn(product, 'admin')
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url })
      await page.locator('.ant-statistic').first().waitFor()
      const drawer = page.locator('.ant-drawer-content')
      const toggle = (name: string) => drawer.getByRole('switch', { name, exact: true }).click()
      const closeDrawer = async () => {
        await drawer.locator('.ant-drawer-footer').getByRole('button', { name: 'Close' }).click()
        await drawer.waitFor({ state: 'hidden' })
      }
      await page.locator('header').getByRole('button', { name: 'Page settings' }).click()
      await drawer.waitFor()
      expect(await drawer.evaluate((el) => el.closest('.ant-drawer-content-wrapper')!.getBoundingClientRect().width)).toBe(300)

      await toggle('Footer')
      await expect.poll(() => page.getByText('© 2026 Short-video console (local)').count()).toBe(0)
      await drawer.getByRole('spinbutton', { name: 'Menu width (px)' }).fill('300')
      await drawer.getByRole('spinbutton', { name: 'Menu width (px)' }).blur()
      await expect.poll(() => page.locator('.ant-layout-sider').evaluate((el) => el.getBoundingClientRect().width)).toBe(300)
      await toggle('Colour weakness')
      await expect.poll(() => page.evaluate(() => document.body.style.filter)).toBe('invert(80%)')
      await toggle('Top menu')
      await page.locator('header .ant-menu-horizontal').waitFor()
      expect(await page.locator('.ant-layout-sider').count()).toBe(0)
      await toggle('Top menu')
      await toggle('Menu')
      await expect.poll(() => page.locator('.ant-layout-sider').count()).toBe(0)

      await drawer.getByRole('button', { name: 'Copy settings' }).click()
      await page.getByText('Settings copied').waitFor()
      const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>
      expect(copied).toMatchObject({ footer: false, menu: false, colorWeak: true, menuWidth: 300, topMenu: false, navbar: true })

      // Without the navbar, a floating button is the way back to the drawer.
      await toggle('Navigation bar')
      await closeDrawer()
      expect(await page.locator('header').count()).toBe(0)
      await page.reload()
      await page.locator('.ant-statistic').first().waitFor()
      expect(await page.locator('header').count()).toBe(0)
      expect(await page.locator('.ant-layout-sider').count()).toBe(0)
      expect(await page.evaluate(() => document.body.style.filter)).toBe('invert(80%)')
      await page.getByRole('button', { name: 'Page settings' }).click()
      await toggle('Navigation bar')
      await toggle('Menu')
      await toggle('Colour weakness')
      await closeDrawer()
      await page.locator('header').waitFor()
      await expect.poll(() => page.locator('.ant-layout-sider').evaluate((el) => el.getBoundingClientRect().width)).toBe(300)
      expect(await page.evaluate(() => document.body.style.filter)).toBe('')
    } finally {
      await close()
    }
  })
})

describe('the menu from the server (spec §4 menuFromServer)', () => {
  it('shows and allows only the routes the server menu holds: a route the account may not see is hidden and not-found', async () => {
    const schemasDir = copySchemas()
    addClipRoute(schemasDir)
    const clipProduct = await startProduct({ schemasDir })
    try {
      const db = new SQLite(join(clipProduct.dataDir, 'console.sqlite'))
      db.prepare(`update account set show_clip_menu = 0 where username = 'merchant1'`).run()
      db.close()
      // By role lists the clip route is the merchant's: open, and in the menu.
      await withSignedIn(clipProduct, 'merchant1', async (page) => {
        await page.getByRole('cell', { name: 'merchant1', exact: true }).waitFor()
        await page.getByRole('menuitem', { name: 'Flagged clip' }).waitFor()

        // A slow answer, so the loading notice can be seen before the success one replaces it.
        await page.route('**/api/v1/api/user/menu', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 600))
          await route.continue()
        })
        await page.locator('header').getByRole('button', { name: 'Page settings' }).click()
        await page.locator('.ant-drawer-content').getByRole('switch', { name: 'Menu from server', exact: true }).click()
        await page.getByText('Loading the menu from the server…').waitFor()
        await page.getByText('Menu loaded from the server').waitFor()
        await page.locator('.ant-drawer-footer').getByRole('button', { name: 'Close' }).click()
        await expect.poll(() => page.getByRole('menuitem', { name: 'Flagged clip' }).count()).toBe(0)
        await page.goto(`${clipProduct.url}/creation/flagged-clip`)
        await page.waitForURL(/\/notFound$/)
        // Routes in the server menu still open, hidden ones included.
        await page.goto(`${clipProduct.url}/user/setting`)
        await page.getByText('Change password').waitFor()

        // A menu that cannot be loaded says so; with no menu, no route opens.
        await page.unroute('**/api/v1/api/user/menu')
        await page.route('**/api/v1/api/user/menu', (route) => route.abort())
        await page.reload()
        await page.getByText('Could not load the menu from the server').waitFor()
        await page.waitForURL(/\/notFound$/)
      }, 'en-US', { at: '/creation/flagged-clip' })
    } finally {
      await clipProduct.stop()
    }
  })
})

describe('the tab bar (spec §2, §4)', () => {
  const TAB_BAR = { 'console-settings': JSON.stringify({ tabBar: true }) }

  it('starts with home, adds a tab per route, keeps pages alive between tabs, and closes, refreshes and resets', async () => {
    const { page, close } = await openSignedIn(product, 'admin', 'en-US', { storage: TAB_BAR })
    try {
      // Home is the admin's home page, and its tab cannot be closed.
      await page.waitForURL(/\/home\/index$/)
      const tabs = page.locator('.ant-tabs-tab')
      const titles = () => tabs.allInnerTexts()
      await expect.poll(titles).toEqual(['Home'])
      expect(await tabs.first().locator('.ant-tabs-tab-remove').count()).toBe(0)

      // /redirect and not-found are never tabs; the tabs of this browser tab outlive a full page load.
      await page.goto(`${product.url}/redirect/user/info`)
      await page.waitForURL(/\/user\/info$/)
      await expect.poll(titles).toEqual(['Home', 'User info'])
      await page.goto(`${product.url}/no/such/page`)
      await page.getByText('Sorry, the page you visited does not exist.').waitFor()
      await expect.poll(titles).toEqual(['Home', 'User info'])
      expect(await page.locator('.ant-tabs-tab-active').count()).toBe(0)

      await page.getByRole('menuitem', { name: 'Promotion' }).click()
      await page.getByRole('menuitem', { name: 'Merchants' }).click()
      await page.locator('#username').waitFor()
      await expect.poll(titles).toEqual(['Home', 'User info', 'Merchants'])

      // Typed, not searched: only a page kept alive still has it after a trip to another tab.
      await page.locator('#username').fill('kept in the tab')
      await page.getByRole('button', { name: 'admin' }).click()
      await chooseMenuItem(page, 'User info')
      await page.waitForURL(/\/user\/info$/)
      await expect.poll(titles).toEqual(['Home', 'User info', 'Merchants'])
      // The address moves first; the tab bar shows User info once its page has loaded. Until then
      // Merchants is still the tab shown as open, and a click on it, as on any open tab, does nothing.
      await expect.poll(() => page.locator('.ant-tabs-tab-active').innerText()).toBe('User info')
      await tabs.filter({ hasText: 'Merchants' }).click()
      await page.waitForURL(/\/promotion\/merchant/)
      expect(await page.locator('#username').inputValue()).toBe('kept in the tab')

      await page.getByRole('button', { name: 'Tab actions' }).click()
      await chooseMenuItem(page, 'Refresh this tab')
      await page.waitForURL(/\/promotion\/merchant/)
      await expect.poll(() => page.locator('#username').inputValue()).toBe('')

      await page.getByRole('button', { name: 'admin' }).click()
      await chooseMenuItem(page, 'User settings')
      await expect.poll(titles).toEqual(['Home', 'User info', 'Merchants', 'User settings'])
      await tabs.filter({ hasText: 'User info' }).locator('.ant-tabs-tab-remove').click()
      await expect.poll(titles).toEqual(['Home', 'Merchants', 'User settings'])
      expect(page.url()).toMatch(/\/user\/setting$/)

      await page.getByRole('button', { name: 'Tab actions' }).click()
      await chooseMenuItem(page, 'Close all but home')
      await expect.poll(titles).toEqual(['Home'])
      await page.waitForURL(/\/home\/index$/)
    } finally {
      await close()
    }
  })

  /** With the admin signed in with the tab bar on, at home: opens the merchant and partner lists as tabs. */
  async function twoListTabs(page: Page) {
    await page.waitForURL(/\/home\/index$/)
    // The menu is built afresh for the landing route; unfold a group only once it has settled.
    await page.locator('.ant-menu-item-selected').waitFor()
    await page.getByRole('menuitem', { name: 'Promotion' }).click()
    await page.getByRole('menuitem', { name: 'Merchants' }).click()
    await page.waitForURL(/\/promotion\/merchant\?/)
    await page.getByRole('menuitem', { name: 'Partners' }).click()
    await page.waitForURL(/\/promotion\/partner\?/)
    const tabs = page.locator('.ant-tabs-tab')
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['Home', 'Merchants', 'Partners'])
    return { tabs, titles: () => tabs.allInnerTexts(), activeTab: () => page.locator('.ant-tabs-tab-active').allInnerTexts() }
  }

  it('closes a list tab, or all but home, onto the tab shown next, made active', async () => {
    const { page, close } = await openSignedIn(product, 'admin', 'en-US', { storage: TAB_BAR })
    try {
      const { tabs, titles, activeTab } = await twoListTabs(page)
      // Closing the list on screen shows the tab before it.
      await tabs.filter({ hasText: 'Partners' }).locator('.ant-tabs-tab-remove').click()
      await page.waitForURL(/\/promotion\/merchant\?/)
      await expect.poll(titles).toEqual(['Home', 'Merchants'])
      await expect.poll(activeTab).toEqual(['Merchants'])
      await page.getByRole('row', { name: /merchant1/ }).waitFor()

      await page.getByRole('button', { name: 'Tab actions' }).click()
      await chooseMenuItem(page, 'Close all but home')
      await page.waitForURL(/\/home\/index$/)
      await expect.poll(titles).toEqual(['Home'])
      await expect.poll(activeTab).toEqual(['Home'])
      await page.locator('.ant-statistic').first().waitFor()
      // Still so a moment later: nothing puts the closed list's address back.
      await page.waitForTimeout(1000)
      expect(new URL(page.url()).pathname).toBe('/home/index')
      await expect.poll(titles).toEqual(['Home'])
    } finally {
      await close()
    }
  })

  it('keeps the open tabs of this browser tab across a reload', async () => {
    // Its own session: the test signs it out.
    const { page, close } = await openSignedIn(product, 'admin', 'en-US', { storage: TAB_BAR, ownSession: true })
    try {
      const { tabs, titles, activeTab } = await twoListTabs(page)
      await page.reload()
      await page.getByRole('row', { name: /Demo partner/ }).waitFor()
      await expect.poll(titles).toEqual(['Home', 'Merchants', 'Partners'])
      expect(await activeTab()).toEqual(['Partners'])
      await tabs.filter({ hasText: 'Merchants' }).click()
      await page.getByRole('row', { name: /merchant1/ }).waitFor()
      await expect.poll(activeTab).toEqual(['Merchants'])

      // Another account signing in in this browser tab starts from its own home.
      await page.getByRole('button', { name: 'admin' }).click()
      await chooseMenuItem(page, 'Sign out')
      await page.waitForURL(/\/login/)
      await signIn(page, product.url, 'partner', product.logins.partner!)
      await page.waitForURL(/\/dashboard\/workBench$/)
      await expect.poll(titles).toEqual(['Workbench'])
    } finally {
      await close()
    }
  })
})
