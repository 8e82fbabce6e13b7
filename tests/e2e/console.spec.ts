import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { callApi, chooseMenuItem, clickWhenSettled, signIn, startProduct, withBrowser, withSignedIn, type Product } from './harness'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

const admin = { username: 'admin' }

/** The domains whose host holds `host`, as the admin lists them through the API. */
async function domainsMatching(host: string): Promise<number> {
  return (await callApi<{ total: number }>(product, admin, 'GET', `/domain/list?host=${host}`)).total
}

/** Open the domain list from the menu of the page the admin landed on (the first route of its menu). */
async function openDomainList(page: Page): Promise<void> {
  // The menu is built afresh for the landing route; unfold a group only once it has settled.
  await page.locator('.ant-menu-item-selected').waitFor()
  await page.getByRole('menuitem', { name: 'Domains' }).click()
  await page.getByRole('menuitem', { name: 'Brand / domain list' }).click()
  await page.waitForURL(/\/domain\/domainList/)
}

describe('the console in a real browser', () => {
  it('brands the login page from get_system_info before anyone signs in', () =>
    withBrowser(async (page) => {
      await page.goto(`${product.url}/domain/domainList`)
      await page.waitForURL(/\/login(\?|$)/)
      await expect.poll(() => page.title()).toBe('Short-video console (local)')
      await page.getByText('欢迎回来').waitFor()
      await page.locator('form button[type="submit"]').click()
      await page.getByText('用户名不能为空').waitFor()
      await page.getByText('密码不能为空').waitFor()
    }))

  it('shows the login failure text of spec §5 for a wrong password', () =>
    withBrowser(async (page) => {
      await page.goto(`${product.url}/login`)
      await page.locator('#username').fill('admin')
      await page.locator('#password').fill('not the password')
      await page.locator('form button[type="submit"]').click()
      await page.getByText('Login error, refresh and try again').waitFor()
      await page.getByText('Wrong username or password.').waitFor()
    }, 'en-US'))

  it('lets an admin create a domain through the generated form, in either language, in light or dark, then sign out', () =>
    withBrowser(async (page) => {
      await signIn(page, product.url, 'admin', product.logins.admin!)
      await page.locator('.ant-menu-item-selected').waitFor()
      await page.getByRole('menuitem', { name: '域名管理' }).click()
      await page.getByRole('menuitem', { name: '品牌/域名列表' }).click()
      await page.waitForURL(/\/domain\/domainList/)
      await page.getByRole('columnheader', { name: '站点名称' }).waitFor()

      await page.getByText('EN', { exact: true }).click()
      await page.getByText('Language switched to English').waitFor()
      await page.getByRole('menuitem', { name: 'Brand / domain list' }).waitFor()
      await page.getByRole('columnheader', { name: 'Site name' }).waitFor()
      await expect.poll(() => page.evaluate(() => localStorage.getItem('arco-locale'))).toBe('en-US')

      await page.getByRole('button', { name: 'Create' }).click()
      await page.waitForURL(/\/domainList\/create$/)
      await page.locator('#root_host').fill('http://bad host')
      await page.locator('#root_name').fill('Playwright site')
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByText('Host name must be a valid host name, such as console.example.com').waitFor()
      expect(page.url()).toMatch(/\/create$/)

      await page.locator('#root_host').fill('e2e.example.com')
      await page.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL(/\/domain\/domainList(\?|$)/)
      const row = page.getByRole('row', { name: /e2e\.example\.com/ })
      await row.waitFor()
      expect(await row.textContent()).toContain('Playwright site')

      // The server's own check is marked on the field as well: a host name already taken.
      await page.getByRole('button', { name: 'Create' }).click()
      await page.locator('#root_host').fill('e2e.example.com')
      await page.locator('#root_name').fill('Twin')
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByText('Host name "e2e.example.com" is already used by another Domain.').first().waitFor()
      await page.goBack()

      const background = () => page.evaluate(() => getComputedStyle(document.querySelector('.ant-layout')!).backgroundColor)
      const light = await background()
      await page.getByRole('switch', { name: 'Toggle dark mode' }).click()
      await expect.poll(background).not.toBe(light)
      expect(await background()).toMatch(/rgb\((\d{1,2}), \1, \1\)|rgb\(0, 0, 0\)/)
      await page.reload()
      await page.getByRole('menuitem', { name: 'Brand / domain list' }).waitFor()
      expect(await background()).not.toBe(light)

      await page.getByRole('button', { name: 'admin' }).click()
      await chooseMenuItem(page, 'Sign out')
      // Refine's redirect (/login) and the guard's (/login?to=...) race; either lands on the login page.
      await page.waitForURL(/\/login(\?|$)/)
      await page.locator('#username').waitFor()
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
      await page.goto(`${product.url}/domain/domainList`)
      await page.waitForURL(/\/login(\?|$)/)
    }))

  it('bulk-deletes selected rows only after a confirmation, filters, and shows an empty state', async () => {
    for (const host of ['gone-a.example.com', 'gone-b.example.com']) await callApi(product, admin, 'POST', '/domain/add', { host, name: host })
    await withSignedIn(product, 'admin', async (page) => {
      await openDomainList(page)
      await page.locator('#host').fill('gone-')
      await page.getByRole('button', { name: 'Search' }).click()
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(2)

      for (const row of await page.locator('.ant-table-row').all()) await row.locator('input[type="checkbox"]').check()
      await page.getByRole('button', { name: /Delete selected \(2\)/ }).click()
      await page.getByText('Delete 2 records? This cannot be undone.').waitFor()
      await clickWhenSettled(page.locator('.ant-modal-confirm-btns').getByRole('button', { name: 'Cancel' }))
      // The confirmation animates out; act on the page only once it is gone.
      await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' })
      expect(await page.locator('.ant-table-row').count()).toBe(2)

      await page.getByRole('button', { name: /Delete selected \(2\)/ }).click()
      await clickWhenSettled(page.locator('.ant-modal-confirm-btns').getByRole('button', { name: 'Delete' }))
      await page.getByText('Nothing matches these filters').waitFor()
      expect(await domainsMatching('gone-')).toBe(0)
    })
  })

  it("opens, edits and deletes one row from its row actions, showing the owner's name rather than an id", async () => {
    await callApi(product, admin, 'POST', '/domain/add', { host: 'row.example.com', name: 'Row site' })
    await withSignedIn(product, 'admin', async (page) => {
      await openDomainList(page)
      const row = () => page.getByRole('row', { name: /row\.example\.com/ })
      await row().waitFor()
      expect(await row().getByRole('cell', { name: 'admin', exact: true }).count()).toBe(1)

      await row().getByRole('link', { name: 'Show' }).click()
      await page.waitForURL(/\/domainList\/show\/\d+$/)
      await page.getByRole('row', { name: /Owner\s*admin/ }).waitFor()
      await page.goBack()

      await row().getByRole('link', { name: 'Edit' }).click()
      await page.waitForURL(/\/domainList\/edit\/\d+$/)
      await expect.poll(() => page.locator('#root_name').inputValue()).toBe('Row site')
      await page.locator('#root_name').fill('Row site, renamed')
      await page.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL(/\/domain\/domainList(\?|$)/)
      await row().getByText('Row site, renamed').waitFor()

      await row().getByRole('button', { name: 'Delete' }).click()
      await page.locator('.ant-modal-confirm-title', { hasText: 'Delete this record? This cannot be undone.' }).waitFor()
      await clickWhenSettled(page.locator('.ant-modal-confirm-btns').getByRole('button', { name: 'Cancel' }))
      await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' })
      expect(await row().count()).toBe(1)
      await row().getByRole('button', { name: 'Delete' }).click()
      await clickWhenSettled(page.locator('.ant-modal-confirm-btns').getByRole('button', { name: 'Delete' }))
      await row().waitFor({ state: 'detached' })
      expect(await domainsMatching('row.example')).toBe(0)
    })
  })

  it('clears an optional field on edit (an emptied input is sent as empty, not left out)', async () => {
    const { id } = await callApi<{ id: number }>(product, admin, 'POST', '/domain/add', { host: 'clear.example.com', name: 'Clear me', copyright: '© Old' })
    await withSignedIn(product, 'admin', async (page) => {
      await expect.poll(() => page.locator('#root_copyright').inputValue()).toBe('© Old')
      await page.locator('#root_copyright').fill('')
      await page.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL(/\/domain\/domainList(\?|$)/)
      expect((await callApi<{ copyright: string }>(product, admin, 'GET', `/domain/detail?id=${id}`)).copyright).toBe('')
    }, 'en-US', { at: `/domain/domainList/edit/${id}` })
  })

  it('keeps the domain screen from a merchant: no menu item, and a direct visit goes where spec §4 says', () =>
    withSignedIn(product, 'merchant1', async (page) => {
      // The first route a merchant may open is its workbench.
      await page.waitForURL(/\/dashboard\/workBench$/)
      await page.getByRole('menuitem', { name: 'Workbench' }).waitFor()
      expect(await page.getByRole('menuitem', { name: 'Brand / domain list' }).count()).toBe(0)
      // Nothing is asked of the server for a page the role may not open, so no refusal is shown either.
      const asked: string[] = []
      page.on('request', (request) => asked.push(new URL(request.url()).pathname))
      // The workbench asks for its figures once it has drawn, which may be after the network went quiet.
      const figures = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/platform/dashboard_data')
      await page.goto(`${product.url}/domain/domainList`)
      await page.waitForURL(/\/dashboard\/workBench$/)
      await figures
      await page.waitForLoadState('networkidle')
      expect(asked).not.toContain('/api/v1/domain/list')
      expect(await page.locator('.ant-message-error').count()).toBe(0)
    }, 'en-US'))
})
