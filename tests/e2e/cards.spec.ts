import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProduct, withSignedIn, type Product } from './harness'
import { exportCsv, searchAndChoose } from './page-actions'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

const MASK = /^[A-HJ-NP-Z2-9]{4}\*{8}[A-HJ-NP-Z2-9]{4}$/

describe('card passwords (spec §2 /promotion/card-password)', () => {
  it('an admin issues a batch, sees it masked, exports it with the passwords, and passes a card to a partner; a merchant redeems one on its assets page', async () => {
    let password = ''
    await withSignedIn(product, 'admin', async (page) => {
      await page.getByText('Nothing here yet').waitFor()
      await page.getByRole('button', { name: 'Issue cards' }).click()
      await page.locator('#root_name').fill('Spring gift')
      await page.locator('.ant-modal .ant-select', { has: page.locator('#root_kind') }).click()
      // A choice the form requires starts at its first real option: no blank one to pick.
      const kinds = page.locator('.ant-select-dropdown:visible .ant-select-item-option')
      await kinds.first().waitFor()
      expect(await kinds.allTextContents()).toEqual(['Balance', 'Digital-human clones', 'Advanced digital-human clones', 'Voice clones'])
      await page.locator('.ant-select-item-option', { hasText: 'Balance' }).click()
      await page.locator('#root_amount').fill('10')
      await page.locator('#root_quantity').fill('3')
      await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click()
      const rows = page.getByRole('row', { name: /Spring gift/ })
      await rows.nth(2).waitFor()
      expect(await rows.count()).toBe(3)
      const masks = await page.locator('td').filter({ hasText: /\*{8}/ }).allTextContents()
      expect(masks).toHaveLength(3)
      for (const mask of masks) expect(mask).toMatch(MASK)

      // The export asks for a format, then opens the link with the list's filters and a one-use ticket, never the token.
      const { url, rows: csv } = await exportCsv(page)
      expect(url).toMatch(/\/api\/v1\/recharge_card\/export_data\?.*format=csv/)
      expect(url).toMatch(/[?&]ticket=[\w-]{43}(&|$)/)
      expect(url).not.toContain('token=')
      expect(url).toContain('lang=en-US')
      expect(csv[0]!.slice(0, 3)).toEqual(['ID', 'Card password', 'Name'])
      expect(csv).toHaveLength(4)
      for (const row of csv.slice(1)) expect(row[1]).toMatch(/^[A-HJ-NP-Z2-9]{16}$/)
      expect(masks.map((m) => m.slice(0, 4)).sort()).toEqual(csv.slice(1).map((r) => r[1]!.slice(0, 4)).sort())
      password = csv[1]![1]!

      // One card to the partner, by its row's Transfer action.
      const last = page.getByRole('row', { name: new RegExp(`${csv[3]![1]!.slice(0, 4)}\\*`) })
      await last.getByRole('button', { name: 'Transfer' }).click()
      await searchAndChoose(page, 'root_to_user_id', 'part', 'partner')
      await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click()
      await last.getByText('partner').waitFor()
      // The admin no longer holds it: nothing on its row is the admin's to change.
      expect(await last.getByRole('button', { name: 'Transfer' }).count()).toBe(0)
      expect(await last.locator('input[type="checkbox"]').isDisabled()).toBe(true)
    }, 'en-US', { at: '/promotion/card-password' })

    await withSignedIn(product, 'merchant1', async (page) => {
      const balance = page.locator('.ant-statistic', { hasText: 'Balance' })
      await balance.getByText('0.00').waitFor()
      await page.getByRole('button', { name: 'Redeem a card' }).click()
      await page.locator('#root_card_password').fill('NOPE-NOPE-NOPE-NOPE')
      await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click()
      await page.locator('.ant-modal').getByText('There is no card with this password').waitFor()
      await page.locator('#root_card_password').fill(password.toLowerCase())
      const [redeem] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith('/recharge_card/use_card')),
        page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click(),
      ])
      await balance.getByText('10.00').waitFor()
      // The call carries a key of the dialog's; sent again as a lost answer's retry would be, it answers as before and credits nothing more.
      const sent = await redeem.allHeaders()
      expect(sent['idempotency-key']).toMatch(/^[0-9a-f]{16}-[0-9a-f]{16}$/)
      const again = await page.request.post(redeem.url(), { headers: sent, data: redeem.postData()! })
      expect([again.status(), again.headers()['idempotent-replayed'], ((await again.json()) as { code: number }).code]).toEqual([200, 'true', 1])
      await page.reload()
      await balance.getByText('10.00').waitFor()
      await page.getByRole('row', { name: /Spring gift/ }).waitFor()
    }, 'en-US', { at: '/account/property' })

    await withSignedIn(product, 'admin', async (page) => {
      const used = page.getByRole('row', { name: new RegExp(`${password.slice(0, 4)}\\*.*Used`) })
      await used.waitFor()
      await used.getByText('merchant1').waitFor()
      // A used card has no delete button and cannot be selected for the bulk delete; unused ones can.
      expect(await used.getByRole('button', { name: 'Delete' }).count()).toBe(0)
      expect(await used.locator('input[type="checkbox"]').isDisabled()).toBe(true)
      const unused = page.getByRole('row', { name: /Unused\s*admin/ }).first()
      expect(await unused.locator('input[type="checkbox"]').isDisabled()).toBe(false)
    }, 'en-US', { at: '/promotion/card-password' })
  })

  it('is in the menu of a partner, who sees only the card passed to it, and not of a merchant', async () => {
    await withSignedIn(product, 'partner', async (page) => {
      await page.getByRole('menuitem', { name: 'Card passwords' }).waitFor()
      await page.getByRole('row', { name: /Spring gift/ }).waitFor()
      expect(await page.getByRole('row', { name: /Spring gift/ }).count()).toBe(1)
      // Partners receive cards; issuing is the admin's.
      expect(await page.getByRole('button', { name: 'Issue cards' }).count()).toBe(0)
      const { rows } = await exportCsv(page)
      expect(rows).toHaveLength(2)
      expect(rows[1]![1]).toMatch(/^[A-HJ-NP-Z2-9]{16}$/)
    }, 'en-US', { at: '/promotion/card-password' })
    await withSignedIn(product, 'merchant1', async (page) => {
      await page.waitForURL((url) => !url.pathname.startsWith('/promotion/card-password'))
      expect(await page.getByRole('menuitem', { name: 'Card passwords' }).count()).toBe(0)
    }, 'en-US', { at: '/promotion/card-password' })
  })
})
