import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi, clickWhenSettled, startProduct, withSignedIn, type Product } from './harness'
import { fillForm } from './page-actions'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

describe('recharge packages and orders (spec §2 account/recharge, account/recharge-order)', () => {
  it('admin adds a package; the partner orders it; admin confirms the payment; the partner has the balance and a ledger row', async () => {
    await withSignedIn(product, 'admin', async (page) => {
      await page.getByRole('button', { name: 'Create' }).click()
      await fillForm(page, { name: 'E2E Gold', price: '99.00', money: '120.00', digital_voice_count: '3' })
      await page.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL(/\/account\/recharge(\?|$)/)
      const row = page.getByRole('row', { name: /E2E Gold/ })
      await row.waitFor()
      expect(await row.textContent()).toMatch(/99\.00\s*CNY.*120\.00\s*CNY.*On sale/)
    }, 'en-US', { at: '/account/recharge' })

    let orderNo = ''
    await withSignedIn(product, 'partner', async (page) => {
      await page.getByText('Nothing here yet').waitFor()
      // The admin's "New order" (for a partner it names) is not the partner's.
      expect(await page.getByRole('button', { name: 'New order' }).count()).toBe(0)
      await page.getByRole('button', { name: 'Buy a package' }).click()
      await page.locator('.ant-select', { has: page.locator('#root_package_id') }).click()
      await page.locator('.ant-select-item-option', { hasText: 'E2E Gold' }).click()
      await fillForm(page, { remark: 'Paid by bank transfer' })
      await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click()
      await page.getByText('Buy a package: done').waitFor()
      const row = page.getByRole('row', { name: /E2E Gold/ })
      await row.waitFor()
      expect(await row.textContent()).toContain('Awaiting payment')
      orderNo = (await row.locator('td').first().textContent())!.trim()
      expect(orderNo).toMatch(/^\d{20}$/)
      // Confirming is the admin's; the partner may only cancel.
      expect(await row.locator('.row-action-text').allTextContents()).toEqual(['Cancel'])
      await page.goto(`${product.url}/account/property`)
      await page.locator('.ant-statistic', { hasText: 'Balance' }).getByText('0.00').waitFor()
    }, 'en-US', { at: '/account/recharge-order' })

    await withSignedIn(product, 'admin', async (page) => {
      const row = page.getByRole('row', { name: new RegExp(orderNo) })
      await row.locator('.row-action-text', { hasText: /^Confirm payment$/ }).click()
      await fillForm(page, { payment_ref: 'BANK-E2E-1' })
      // A click while the dialog still zooms in lands where its button is not yet.
      await clickWhenSettled(page.locator('.ant-modal').getByRole('button', { name: 'Save' }))
      // A confirmation credits money, so it is asked again before it is sent.
      await page.locator('.ant-modal-confirm-title', { hasText: 'Confirm payment' }).waitFor()
      await clickWhenSettled(page.locator('.ant-modal-confirm-btns').getByRole('button', { name: 'Confirm' }))
      await page.getByText('Confirm payment: done').waitFor()
      await expect.poll(() => row.textContent()).toContain('Credited')
      expect(await row.textContent()).toContain('BANK-E2E-1')
      expect(await row.locator('.row-action-text').count()).toBe(0)
    }, 'en-US', { at: '/account/recharge-order' })

    await withSignedIn(product, 'partner', async (page) => {
      await page.locator('.ant-statistic', { hasText: 'Balance' }).getByText('120.00').waitFor()
      expect(await page.locator('.ant-statistic', { hasText: 'Voice clones' }).textContent()).toContain('3')
      const ledger = page.getByRole('row', { name: new RegExp(orderNo) })
      await ledger.waitFor()
      expect(await ledger.textContent()).toMatch(/Recharge.*120\.00\s*CNY/)
      expect(await ledger.textContent()).toContain(`Recharge order ${orderNo} (E2E Gold)`)
    }, 'en-US', { at: '/account/property' })
  })

  it('shows the screens in Chinese, with the statuses named', async () => {
    // A package and a paid order of this test's own, made as the admin and the partner make them.
    const admin = { username: 'admin' }
    const offer = await callApi<{ id: number }>(product, admin, 'POST', '/recharge_package/add', { name: 'E2E Silver', price: '9.00', money: '10.00' })
    const order = await callApi<{ id: number }>(product, { username: 'partner' }, 'POST', '/recharge_order/create', { package_id: offer.id })
    await callApi(product, admin, 'POST', '/recharge_order/confirm_paid', { id: order.id, payment_ref: 'BANK-E2E-2' })
    await withSignedIn(product, 'partner', async (page) => {
      await page.getByRole('heading', { name: '充值订单' }).waitFor()
      await page.getByRole('button', { name: '购买套餐' }).waitFor()
      expect(await page.getByRole('row', { name: /E2E Silver/ }).textContent()).toContain('已到账')
    }, 'zh-CN', { at: '/account/recharge-order' })
    await withSignedIn(product, 'admin', async (page) => {
      await page.getByRole('heading', { name: '充值套餐' }).waitFor()
      expect(await page.getByRole('row', { name: /E2E Silver/ }).textContent()).toContain('在售')
    }, 'zh-CN', { at: '/account/recharge' })
  })
})
