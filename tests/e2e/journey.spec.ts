import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSignedIn, startProduct, withSignedIn, type Product } from './harness'
import { choose, exportCsv, figure, fillForm, rowAction, searchAndChoose } from './page-actions'
import { goTo } from './screens'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

const partner = { username: 'j_partner', password: 'Journey-partner-1', name: 'Journey partner' }
const shop = { username: 'j_shop', password: 'Journey-shop-1', name: 'Journey shop' }

describe('a new branch from end to end: partner, merchant, cards, overstep, tree and dashboards', () => {
  // Five sign-ins in turn: longer than one screen's test.
  it('admin opens a partner and passes it cards; the partner opens a merchant, which redeems one; the partner opens its console; tree and dashboards show it all', { timeout: 180_000 }, async () => {
    let batchNo = ''
    await withSignedIn(product, 'admin', async (page) => {
      await page.getByRole('button', { name: 'Create' }).click()
      await fillForm(page, { username: partner.username, password: partner.password, name: partner.name, service_prefix_no: '61' })
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByRole('row', { name: /j_partner/ }).waitFor()

      await goTo(page, '/promotion/card-password')
      await page.getByRole('button', { name: 'Issue cards' }).click()
      await fillForm(page, { name: 'Journey gift' })
      await choose(page, 'kind', 'Balance')
      await fillForm(page, { amount: '15', quantity: '3' })
      await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click()
      await page.getByRole('row', { name: /Journey gift/ }).nth(2).waitFor()
      batchNo = (await page.getByRole('row', { name: /Journey gift/ }).first().locator('td').nth(4).textContent())!.trim()
      expect(batchNo).not.toBe('')

      // Two of the three go down to the new partner; the admin keeps one.
      await page.getByRole('button', { name: 'Transfer a batch' }).click()
      await fillForm(page, { batch_no: batchNo, quantity: '2' })
      await searchAndChoose(page, 'root_to_user_id', 'j_part', 'j_partner')
      await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click()
      await expect.poll(() => page.getByRole('row', { name: /Journey gift.*j_partner/ }).count()).toBe(2)
    }, 'en-US', { at: '/promotion/partner' })

    let password = ''
    await withSignedIn(product, partner, async (page) => {
      await page.getByRole('button', { name: 'Create' }).click()
      await fillForm(page, { username: shop.username, password: shop.password, name: shop.name })
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByRole('row', { name: /j_shop/ }).waitFor()

      // The partner sees only the two cards it holds, and reads their passwords from its export.
      await goTo(page, '/promotion/card-password')
      await page.getByRole('row', { name: /Journey gift/ }).nth(1).waitFor()
      expect(await page.getByRole('row', { name: /Journey gift/ }).count()).toBe(2)
      const { rows } = await exportCsv(page)
      expect(rows).toHaveLength(3)
      password = rows[1]![1]!
      expect(password).toMatch(/^[A-HJ-NP-Z2-9]{16}$/)
    }, 'en-US', { at: '/promotion/merchant' })

    await withSignedIn(product, shop, async (page) => {
      const balance = page.locator('.ant-statistic', { hasText: 'Balance' })
      await balance.getByText('0.00').waitFor()
      await page.getByRole('button', { name: 'Redeem a card' }).click()
      await page.locator('#root_card_password').fill(password)
      await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click()
      await balance.getByText('15.00').waitFor()
      const ledger = page.getByRole('row', { name: /Journey gift/ })
      await ledger.waitFor()
      expect(await ledger.textContent()).toContain('15.00')
    }, 'en-US', { at: '/account/property' })

    const { context, page, close } = await openSignedIn(product, partner, 'en-US', { at: '/promotion/merchant' })
    try {
      const opened = context.waitForEvent('page')
      await rowAction(page, /j_shop/, 'Open console')
      const shopTab = await opened
      await shopTab.getByText(shop.name).first().waitFor()
      await shopTab.goto(`${product.url}/account/property`)
      await shopTab.locator('.ant-statistic', { hasText: 'Balance' }).getByText('15.00').waitFor()

      await goTo(page, '/promotion/tree')
      await page.locator('[data-account="j_shop"]').waitFor()
      expect(await page.locator('[data-account="partner"]').count()).toBe(0)

      await goTo(page, '/dashboard/workBench')
      await figure(page, 'Cards redeemed').getByText('1').waitFor()
      await page.getByText('15.00 CNY of balance among them').waitFor()
      expect(await figure(page, 'Unused cards held').textContent()).toContain('1')
      expect(await figure(page, 'Merchants').textContent()).toContain('1')
      expect(await figure(page, 'Money in').textContent()).toContain('15.00')
    } finally {
      await close()
    }

    await withSignedIn(product, 'admin', async (page) => {
      await page.locator('[data-account="j_partner"]').waitFor()
      // Found by name, the new merchant comes with the way down to it: admin, then the new partner.
      await page.getByPlaceholder('Name, username or mobile').fill('Journey shop')
      await page.locator('mark', { hasText: 'Journey shop' }).waitFor()
      for (const username of ['admin', 'j_partner']) await page.locator(`[data-account="${username}"]`).waitFor()

      await goTo(page, '/home/index')
      await figure(page, 'Cards issued').getByText('3').waitFor()
      expect(await figure(page, 'Cards redeemed').textContent()).toContain('1')
      expect(await figure(page, 'Unused cards held').textContent()).toContain('2')
      expect(await figure(page, 'Partners').textContent()).toContain('2')

      await page.goto(`${product.url}/promotion/overstep-log`)
      await page.getByRole('row', { name: /j_shop/ }).waitFor()
    }, 'en-US', { at: '/promotion/tree' })
  })
})
