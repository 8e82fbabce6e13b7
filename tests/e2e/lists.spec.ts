import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page, Request } from 'playwright-core'
import { callApi, startProduct, withSignedIn, type Product } from './harness'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

/** The query of every call to a list endpoint from now on, by endpoint path. */
function listCalls(page: Page, path: string): URLSearchParams[] {
  const calls: URLSearchParams[] = []
  page.on('request', (request: Request) => {
    const url = new URL(request.url())
    if (url.pathname === `/api/v1${path}`) calls.push(url.searchParams)
  })
  return calls
}

async function openFromMenu(page: Page, group: string, item: string): Promise<void> {
  const entry = page.getByRole('menuitem', { name: item, exact: true })
  if (!(await entry.isVisible())) await page.getByRole('menuitem', { name: group }).click()
  await entry.click()
}

describe('lists', () => {
  it("keeps a list's sort, filters and page to itself: the next list opens with its own", () =>
    withSignedIn(product, 'admin', async (page) => {
      await page.locator('.ant-menu-item-selected').waitFor()
      const voice = listCalls(page, '/platform/platform_voice_clone_list')
      const orders = listCalls(page, '/recharge_order/list')

      // Scripts sort by their own "sort" field, which voice records do not have.
      await openFromMenu(page, 'Settings center', 'Scripts')
      await page.waitForURL(/\/account\/script\?.*sorters/)
      await page.locator('#title').fill('no such script')
      await page.getByRole('button', { name: 'Search' }).click()
      await page.waitForURL(/filters/)
      await openFromMenu(page, 'Settings center', 'Voice records')
      await page.waitForURL(/\/account\/voice-record/)
      await page.getByText('Nothing here yet').waitFor()
      expect(voice.map((q) => [q.get('sort'), q.get('order'), q.get('title'), q.get('page')])).toEqual([['id', 'desc', null, '1']])

      // A later page of one list is not the first page of the next.
      await openFromMenu(page, 'Settings center', 'Recharge packages')
      await page.waitForURL(/\/account\/recharge\?/)
      await page.goto(`${product.url}/account/recharge?pageSize=20&currentPage=3&sorters[0][field]=sort_order&sorters[0][order]=asc`)
      await page.getByText('Nothing here yet').waitFor()
      await openFromMenu(page, 'Settings center', 'Recharge orders')
      await page.waitForURL(/\/account\/recharge-order/)
      await expect.poll(() => orders.map((q) => [q.get('sort'), q.get('order'), q.get('page')])).toEqual([['id', 'desc', '1']])
      await page.getByText('Nothing here yet').waitFor()
      await expect.poll(() => page.locator('.ant-table .ant-spin-spinning').count()).toBe(0)
    }))

  it('shows why a list was refused, once, with an empty table instead of a spinner', () =>
    withSignedIn(product, 'admin', async (page) => {
      await callApi(product, { username: 'admin' }, 'POST', '/recharge_package/add', { name: 'Starter', price: '99.00' })
      let calls = 0
      const packageList = (url: URL) => url.pathname === '/api/v1/recharge_package/list'
      await page.route(packageList, (route) => {
        calls += 1
        return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 0, msg: 'This list is closed for maintenance', time: 0, data: null }) })
      })
      await page.goto(`${product.url}/account/recharge`)
      await page.locator('.ant-table-placeholder', { hasText: 'This list is closed for maintenance' }).waitFor()
      await expect.poll(() => page.locator('.ant-table .ant-spin-spinning').count()).toBe(0)
      // A refusal is the server's answer: asking again would only get it again.
      const shown = calls
      await page.waitForTimeout(2500)
      expect(calls).toBe(shown)

      await page.unroute(packageList)
      await page.locator('.ant-table-placeholder').getByRole('button', { name: 'Try again' }).click()
      await page.getByRole('row', { name: /Starter/ }).first().waitFor()
    }))
})
