import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page, Request } from 'playwright-core'
import { callApi, startProduct, withSignedIn, type Product } from './harness'
import { openFromMenu } from './page-actions'
import { goTo } from './screens'
import { settler } from './settle'
import { makeTestImage } from '../../src/server/media/test-media'

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

  it('gives every column a width at 1440 px: a list fits when its columns do, scrolls to every column under the actions when not, and cuts long text', async () => {
    const longName = 'A partner whose name is longer than a list column shows'
    await callApi(product, { username: 'admin' }, 'POST', '/provider_service/add', { username: 'long-named', password: 'long-named-pw-1', name: longName })
    await callApi(product, { username: 'admin' }, 'POST', '/recharge_package/add', { name: 'Premium', price: '199.00', digital_man_count: 10 })
    for (const locale of ['en-US', 'zh-CN'] as const) {
      await withSignedIn(
        product,
        'admin',
        async (page) => {
          const content = page.locator('.resource-table .ant-table-content')
          const overflow = () => content.evaluate((el) => el.scrollWidth - el.clientWidth)

          await page.getByRole('row', { name: /Premium/ }).waitFor()
          expect(await overflow()).toBeLessThanOrEqual(0)

          await goTo(page, '/promotion/partner')
          const row = page.getByRole('row', { name: /long-named/ })
          await row.waitFor()
          // An enum is a coloured tag in a list.
          expect(await row.locator('.ant-tag').first().innerText()).toBe(locale === 'en-US' ? 'Enabled' : '启用')
          // Long text is cut to its column, whole in its tooltip.
          const name = row.locator('.field-ellipsis', { hasText: 'A partner whose' })
          expect(await name.getAttribute('title')).toBe(longName)
          expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth && el.getBoundingClientRect().width < 200)).toBe(true)
          // Too many columns for the page: the table scrolls, and at its end the last columns stand clear of the actions.
          expect(await overflow()).toBeGreaterThan(0)
          await content.evaluate((el) => (el.scrollLeft = el.scrollWidth))
          const right = (name: string) => page.locator('.ant-table-thead th', { hasText: name }).evaluate((el) => el.getBoundingClientRect().right)
          const actionsLeft = await page.locator('.ant-table-thead th', { hasText: locale === 'en-US' ? 'Actions' : '操作' }).evaluate((el) => el.getBoundingClientRect().left)
          for (const title of locale === 'en-US' ? ['Status', 'Created'] : ['状态', '创建时间']) expect(await right(title)).toBeLessThanOrEqual(actionsLeft + 1)
        },
        locale,
        { viewport: { width: 1440, height: 900 }, at: '/account/recharge' },
      )
    }
  })

  it('fits the materials list to a 1440 px page by narrowing its texts, every other column whole, the created time in full; on a phone it scrolls in its own box', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lists-e2e-'))
    try {
      await makeTestImage(join(dir, 'shop.png'))
      for (const name of ['Shop front with the autumn window display.png', '店铺门头照片（秋季橱窗陈列）.png']) {
        const form = new FormData()
        form.append('file', new Blob([readFileSync(join(dir, 'shop.png'))]), name)
        await callApi(product, { username: 'merchant1' }, 'POST', '/material/upload', form)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    for (const locale of ['en-US', 'zh-CN'] as const) {
      await withSignedIn(
        product,
        'merchant1',
        async (page) => {
          const sideways = () =>
            page.evaluate(() => {
              const box = document.querySelector('.resource-table .ant-table-content')!
              return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, table: box.scrollWidth - box.clientWidth }
            })
          await page.getByRole('row', { name: /Shop front/ }).waitFor()
          // Measured once the table has its box's width.
          await expect.poll(sideways).toEqual({ page: 0, table: 0 })
          expect(await page.locator('.table-scroll-hint').count()).toBe(0)
          const cells = await page.locator('.resource-table').evaluate((table) => {
            const actions = table.querySelector('th.column-actions')!.getBoundingClientRect().left
            const cut = [...table.querySelectorAll<HTMLElement>('td.cell-nowrap, td .ant-tag, th.column-created_at')].filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.className)
            const under = [...table.querySelectorAll<HTMLElement>('thead th:not(.column-actions)')].filter((th) => th.getBoundingClientRect().right > actions + 1).map((th) => th.textContent)
            return { cut, under }
          })
          expect(cells).toEqual({ cut: [], under: [] })
          const time = page.locator('td.column-created_at span[title]').first()
          expect(await time.innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
          // The long name gave way: cut, whole in its title.
          const name = page.locator('td .field-ellipsis', { hasText: /^Shop front|^店铺门头/ }).first()
          expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth && el.getAttribute('title')!.length > 15)).toBe(true)

          await page.setViewportSize({ width: 390, height: 844 })
          await page.locator('.table-scroll-hint').waitFor()
          const phone = await sideways()
          expect(phone.page).toBe(0)
          expect(phone.table).toBeGreaterThan(0)
        },
        locale,
        { viewport: { width: 1440, height: 900 }, at: '/creation/resource' },
      )
    }
  })
})

describe('wide lists at 1440 px, with a month of data', () => {
  let demo: Product
  beforeAll(async () => {
    demo = await startProduct({ demoMonth: true })
  })
  afterAll(() => demo?.stop())

  /** The lists an earlier review found cut by their actions column, by role. */
  const LISTS = {
    admin: ['/promotion/merchant', '/promotion/all-merchant', '/promotion/partner', '/promotion/card-password', '/account/recharge-order'],
    partner: ['/promotion/merchant', '/promotion/card-password', '/account/recharge-order'],
  }

  for (const role of ['admin', 'partner'] as const) {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      it(`keeps Status and Created clear of the fixed actions for ${role} in ${locale}: told to scroll, then whole at the end, tags and times uncut`, () =>
        withSignedIn(
          demo,
          role,
          async (page) => {
            const settled = settler(page)
            // Each list after the first is opened as the menu opens it, in the page already loaded.
            for (const [index, path] of LISTS[role].entries()) {
              if (index > 0) await goTo(page, path)
              await page.locator('.resource-table tbody tr.ant-table-row').first().waitFor()
              // The rows of the list before may still show until this one's have come and been drawn.
              await settled()
              const content = page.locator('.resource-table .ant-table-content')
              const where = `${path} (${locale})`
              // The sider is open, so the list has the width a laptop gives it.
              expect(await page.locator('.ant-layout-sider:not(.ant-layout-sider-collapsed)').count(), where).toBe(1)
              const overflows = await content.evaluate((el) => el.scrollWidth > el.clientWidth + 1)
              expect(await page.locator('.table-scroll-hint').isVisible(), where).toBe(overflows)
              await content.evaluate((el) => (el.scrollLeft = el.scrollWidth))
              await page.evaluate(() => new Promise(requestAnimationFrame))
              const found = await content.evaluate((box) => {
                const actions = box.querySelector('th.column-actions')!.getBoundingClientRect()
                const left = box.getBoundingClientRect().left
                const cells = [...box.querySelectorAll<HTMLElement>('.column-status, .column-created_at')].map((cell) => {
                  const r = cell.getBoundingClientRect()
                  return { text: cell.textContent, covered: r.right > actions.left + 1 || r.left < left - 1, clipped: cell.scrollWidth > cell.clientWidth }
                })
                const tags = [...box.querySelectorAll<HTMLElement>('td.column-status .ant-tag')].map((tag) => ({ text: tag.textContent, clipped: tag.scrollWidth > tag.clientWidth }))
                return { cells, tags }
              })
              // A header and a cell of each, in every row.
              expect(found.cells.length, where).toBeGreaterThan(4)
              expect(found.cells.filter((c) => c.covered || c.clipped), where).toEqual([])
              expect(found.tags.length, where).toBeGreaterThan(1)
              expect(found.tags.filter((t) => t.clipped), where).toEqual([])
              // A time to the minute, the seconds in its title.
              const time = page.locator('td.column-created_at span[title]').first()
              expect(await time.innerText(), where).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
              expect(await time.getAttribute('title'), where).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
            }
          },
          locale,
          { viewport: { width: 1440, height: 900 }, at: LISTS[role][0] },
        ))
    }
  }
})
