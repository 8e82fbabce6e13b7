import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { callApi, startProduct, withSignedIn, type Product } from './harness'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

const box = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!
/** The label or the control beside a field, in the form item that holds it (the form's root is an item too). */
const partOf = async (page: Page, id: string, part: 'label' | 'control') =>
  (await page.locator(`#${id}`).locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-form-item-row ")][1]').locator(`> .ant-form-item-${part}`).boundingBox())!

describe('generated forms', () => {
  it('lay a form out in the sections its resource file declares, at a readable width, labels beside fields of one width', () =>
    withSignedIn(product, 'admin', async (page) => {
      await page.locator('#root_username').waitFor()
      expect(await page.locator('form section').evaluateAll((sections) => sections.map((s) => s.getAttribute('aria-label')))).toEqual(['Account', 'Profile', 'Partner details'])
      expect(await page.locator('form section', { hasText: 'Profile' }).locator('input[id^="root_"]').evaluateAll((inputs) => inputs.map((i) => i.id))).toEqual(['root_name', 'root_mobile', 'root_email'])

      expect((await box(page, 'form.rjsf')).width).toBeLessThanOrEqual(720)
      const fields = await Promise.all(['root_username', 'root_name', 'root_mobile', 'root_service_prefix_no'].map((id) => partOf(page, id, 'control')))
      for (const field of fields) expect([Math.round(field.x), Math.round(field.width)]).toEqual([Math.round(fields[0]!.x), Math.round(fields[0]!.width)])
      const label = await partOf(page, 'root_username', 'label')
      const input = await box(page, '#root_username')
      expect(label.x + label.width).toBeLessThanOrEqual(input.x)
      expect(Math.abs(label.y + label.height / 2 - (input.y + input.height / 2))).toBeLessThan(8)

      // On a phone's width the labels go above their fields.
      await page.setViewportSize({ width: 390, height: 900 })
      await expect.poll(async () => (await partOf(page, 'root_username', 'label')).y + 10 < (await box(page, '#root_username')).y).toBe(true)
    }, 'en-US', { viewport: { width: 1440, height: 900 }, at: '/promotion/partner/create' }))

  it('puts a true/false field\'s checkbox in the field column, under the other fields, with its label in the label column', () =>
    withSignedIn(product, 'admin', async (page) => {
      await page.setViewportSize({ width: 1440, height: 900 })
      const aligned = async (checkbox: string, field: string, words: string) => {
        await page.locator(`#${checkbox}`).waitFor({ state: 'attached' })
        const [box, other, label] = await Promise.all([partOf(page, checkbox, 'control'), partOf(page, field, 'control'), partOf(page, checkbox, 'label')])
        expect([Math.round(box.x), Math.round(box.width)]).toEqual([Math.round(other.x), Math.round(other.width)])
        expect(label.x + label.width).toBeLessThanOrEqual(box.x)
        expect(await page.locator(`label[for="${checkbox}"]`).innerText()).toBe(words)
      }
      await page.goto(`${product.url}/protocol/agreement/create`)
      await aligned('root_published', 'root_title', 'Published')

      await page.goto(`${product.url}/account/settings`)
      await page.getByRole('tab', { name: 'Display' }).click()
      await aligned('root_saler_show', 'root_money_name', 'Show agents')
      await page.getByRole('tab', { name: 'Business rules' }).click()
      await aligned('root_allow_register', 'root_VITE_MERCHANT_COUNT_LIMITATION', 'Merchants may register (where a domain does not decide)')
    }))

  it('shows a field\'s help under it in the page\'s language, and a group\'s under its title, on task and settings forms alike', async () => {
    await withSignedIn(product, 'merchant1', async (page) => {
      const itemOf = (id: string) => page.locator(`#${id}`).locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-form-item ")][1]')
      await expect.poll(() => itemOf('root_segments_0_end').locator('.ant-form-item-extra').textContent()).toBe('填 0 表示用到素材结尾。')
      await expect.poll(() => itemOf('root_resolution').locator('.ant-form-item-extra').textContent()).toBe('短边的像素数：9:16 的 720 即 720 × 1280。')
      // The title's group: its help right under its heading, before its first field.
      const group = page.locator('fieldset#root_title_overlay')
      const [help, first] = await Promise.all([group.getByText('在开头几秒显示在画面上方的大标题。').boundingBox(), page.locator('#root_title_overlay_text').boundingBox()])
      expect(help!.y).toBeLessThan(first!.y)
    }, 'zh-CN', { at: '/creation/clip' })
    await withSignedIn(product, 'admin', async (page) => {
      await page.getByRole('tab', { name: 'Business rules' }).click()
      await page.getByText('The exchanges offered, separated by commas: 1 digital-human counts, 2 advanced digital-human counts, 3 voice clone counts, 4 clone').waitFor()
    }, 'en-US', { at: '/account/settings' })
  })

  it('never submits a form when Enter is pressed in a date and time field, panel open or closed, or in a select', () =>
    withSignedIn(product, 'merchant1', async (page) => {
      await page.locator('#root_name').fill('Weekend posts')
      await page.evaluate(() => document.addEventListener('submit', () => document.body.setAttribute('data-submits', String(Number(document.body.dataset.submits ?? 0) + 1)), true))
      const picker = page.locator('#root_start_at')
      await picker.click()
      await picker.fill('2026-12-12 09:30:00')
      await picker.press('Enter')
      await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0)
      await picker.press('Enter')
      await page.locator('#root_account_ids').click()
      await page.keyboard.press('Enter')
      await page.keyboard.press('Escape')
      await page.keyboard.press('Enter')
      await page.waitForTimeout(300)
      expect(await page.locator('body').getAttribute('data-submits')).toBeNull()
      // A submission would also have said of every empty required field that it is missing.
      expect(await page.locator('.ant-form-item-has-error').count()).toBe(0)
      expect(await picker.inputValue()).toBe('2026-12-12 09:30:00')
    }, 'en-US', { at: '/matrix-distribution/release-plan/create' }))

  it('ends a create or edit page at its form\'s Save button, with no empty footer under it', () =>
    withSignedIn(product, 'admin', async (page) => {
      const { id } = await callApi<{ id: number }>(product, { username: 'admin' }, 'POST', '/recharge_package/add', { name: 'Footer check', price: '10.00' })
      for (const path of ['/account/recharge/create', `/account/recharge/edit/${id}`]) {
        await page.goto(`${product.url}${path}`)
        await page.locator('#root_name').waitFor()
        expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(1)
        expect(await page.locator('.ant-card-actions').count()).toBe(0)
      }
    }))

  it('opens an edit form on the record as the server has it now, not as an earlier visit left it', () =>
    withSignedIn(product, 'admin', async (page) => {
      const { id } = await callApi<{ id: number }>(product, { username: 'admin' }, 'POST', '/recharge_package/add', { name: 'Silver', price: '10.00' })
      const editFromList = async () => {
        await page.getByRole('row', { name: /Silver|Platinum/ }).getByRole('link', { name: 'Edit' }).click()
        await page.waitForURL(new RegExp(`/account/recharge/edit/${id}$`))
        return page.locator('#root_name')
      }
      await page.goto(`${product.url}/account/recharge`)
      expect(await (await editFromList()).inputValue()).toBe('Silver')
      await page.goBack()
      // Renamed elsewhere (another admin) while this browser still holds the record it read.
      await callApi(product, { username: 'admin' }, 'POST', '/recharge_package/edit', { id, name: 'Platinum' })
      await page.getByRole('row', { name: /Silver|Platinum/ }).waitFor()
      expect(await (await editFromList()).inputValue()).toBe('Platinum')
    }))

  it('says what is wrong with a field when it is left, and with every other one on saving', () =>
    withSignedIn(product, 'admin', async (page) => {
      await page.locator('#root_name').focus()
      await page.keyboard.press('Tab')
      await page.getByText('Package name cannot be empty').waitFor()
      expect(await page.locator('.ant-form-item-has-error').count()).toBe(1)
      await page.locator('#root_price').fill('12.345')
      await page.locator('#root_price').blur()
      await page.getByText(/^Price must be/).waitFor()
      await page.locator('#root_price').fill('99')
      await page.locator('#root_price').blur()
      await expect.poll(() => page.locator('.ant-form-item-has-error').count()).toBe(1)
      await page.locator('#root_name').fill('Gold')
      await page.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL(/\/account\/recharge(\?|$)/)
      await page.getByRole('row', { name: /Gold/ }).waitFor()
    }, 'en-US', { at: '/account/recharge/create' }))
})
