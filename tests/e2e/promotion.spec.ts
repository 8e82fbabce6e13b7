import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSignedIn, startProduct, withSignedIn, type Product } from './harness'
import { choose, figure, fillForm, rowAction } from './page-actions'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

describe('the promotion hierarchy through the console (issue: hierarchy, money and quotas)', () => {
  // Four sign-ins in turn: longer than one screen's test.
  it('admin opens a partner with a balance; the partner opens a merchant and transfers to it; the merchant sees the money and its ledger', { timeout: 180_000 }, async () => {
    await withSignedIn(product, 'admin', async (page) => {
      await page.getByRole('button', { name: 'Create' }).click()
      await fillForm(page, { username: 'e2e_partner', password: 'Partner-pass-1', name: 'E2E partner', service_prefix_no: '77' })
      await page.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL(/\/promotion\/partner(\?|$)/)

      // A second partner may not take the same service prefix number: said on the field, nothing created.
      await page.getByRole('button', { name: 'Create' }).click()
      await fillForm(page, { username: 'e2e_twin', password: 'Partner-pass-2', name: 'Twin', service_prefix_no: '77' })
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByText('Service prefix number "77" is already used by another partner.').first().waitFor()
      expect(page.url()).toMatch(/\/create$/)
      await page.goto(`${product.url}/promotion/partner`)
      expect(await page.getByRole('row', { name: /e2e_twin/ }).count()).toBe(0)

      await rowAction(page, /e2e_partner/, 'Adjust balance or counts')
      // Typed as a person would: the balance by default, in CNY, shown as 120.50.
      await fillForm(page, { amount: '120.5', remark: 'Opening balance' })
      await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click()
      await page.getByText('Adjust balance or counts: done').waitFor()
      await expect.poll(() => page.getByRole('row', { name: /e2e_partner/ }).textContent()).toContain('120.50')
    }, 'en-US', { at: '/promotion/partner' })

    await withSignedIn(product, { username: 'e2e_partner', password: 'Partner-pass-1' }, async (page) => {
      await page.getByText('Nothing here yet').waitFor()
      await page.getByRole('button', { name: 'Create' }).click()
      await fillForm(page, { username: 'e2e_shop', password: 'Shop-pass-1', name: 'E2E shop' })
      await page.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL(/\/promotion\/merchant(\?|$)/)

      await rowAction(page, /e2e_shop/, 'Transfer')
      await choose(page, 'kind', 'Balance')
      await fillForm(page, { amount: '20.25', remark: 'Launch money' })
      await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click()
      await page.getByText('Transfer: done').waitFor()
      await expect.poll(() => page.getByRole('row', { name: /e2e_shop/ }).textContent()).toContain('20.25')

      // More than the partner holds is refused on the amount, and nothing moves.
      await rowAction(page, /e2e_shop/, 'Transfer')
      await choose(page, 'kind', 'Balance')
      await fillForm(page, { amount: '1000' })
      await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click()
      await page.locator('.ant-modal .ant-form-item-explain-error').first().waitFor()
      await page.locator('.ant-modal-close').click()

      await page.goto(`${product.url}/account/property`)
      await page.locator('.ant-statistic', { hasText: 'Balance' }).getByText('100.25').waitFor()
      expect(await page.getByRole('row', { name: /Launch money/ }).textContent()).toContain('-20.25')

      // The workbench counts the partner's branch: its one merchant, the opening balance and the transfer.
      await page.goto(`${product.url}/dashboard/workBench`)
      await figure(page, 'Money out').getByText('20.25').waitFor()
      expect(await figure(page, 'Money in').textContent()).toContain('140.75')
      expect(await figure(page, 'Merchants').textContent()).toContain('1')
      expect(await figure(page, 'Balance held').textContent()).toContain('120.50')
      await page.locator('.recharts-surface').first().waitFor()
    }, 'en-US', { at: '/promotion/merchant' })

    await withSignedIn(product, 'admin', async (page) => {
      await page.waitForURL(/\/home\/index$/)
      // The demo partner and the one opened above; the demo merchants and the new one.
      await figure(page, 'Partners').getByText('2').waitFor()
      expect(await figure(page, 'Merchants').textContent()).toContain('3')
    })

    await withSignedIn(product, { username: 'e2e_shop', password: 'Shop-pass-1' }, async (page) => {
      await page.locator('.ant-statistic', { hasText: 'Balance' }).getByText('20.25').waitFor()
      const row = page.getByRole('row', { name: /Launch money/ })
      await row.waitFor()
      expect(await row.textContent()).toContain('Transfer in')
      expect(await row.textContent()).toContain('20.25')
    }, 'en-US', { at: '/account/property' })
  })

  it("opens one of the partner's own merchants' consoles in a new tab, signed in as that merchant, and records it", async () => {
    const { context, page, close } = await openSignedIn(product, 'partner', 'en-US', { at: '/promotion/merchant' })
    try {
      const opened = context.waitForEvent('page')
      await rowAction(page, /merchant1/, 'Open console')
      const merchantTab = await opened
      await merchantTab.getByText('Demo merchant 1').first().waitFor()
      // The overstep session lives in that tab's session storage; the partner's own tab is untouched.
      expect(await merchantTab.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy()
      // The header says who opened the console and when it ends (two hours on), in the browser's time.
      const endsAt = await merchantTab.evaluate(() => (JSON.parse(sessionStorage.getItem('token-overstep')!) as { expires_at: string }).expires_at)
      expect(Math.round((Date.parse(endsAt) - Date.now()) / 60_000)).toBe(120)
      const time = await merchantTab.evaluate((at) => new Date(at).toTimeString().slice(0, 5), endsAt)
      await merchantTab.getByText(new RegExp(`^Opened by partner · ends (\\d{2}-\\d{2} )?${time}$`)).waitFor()
      await page.reload()
      await page.getByText('Demo partner').first().waitFor()
    } finally {
      await close()
    }

    await withSignedIn(product, 'admin', async (page) => {
      // One opening, one row: who opened whose console.
      const rows = page.getByRole('row', { name: /merchant1/ })
      await rows.first().waitFor()
      expect(await rows.count()).toBe(1)
      expect(await rows.textContent()).toContain('partner')
    }, 'en-US', { at: '/promotion/overstep-log' })
  })
})
