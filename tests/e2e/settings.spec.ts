import { join } from 'node:path'
import { writeFileSync } from 'node:fs'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clickWhenSettled, ROOT, startProduct, withSignedIn, type Product } from './harness'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const CERTS = join(ROOT, 'tests/support/certs')

describe('settings center (spec §3 configuration fields, account/settings and account/system-init)', () => {
  it('saves settings from the generated forms, with an uploaded logo, and shows them again after a reload', async () => {
    await withSignedIn(product, 'admin', async (page) => {
      await page.getByRole('tab', { name: 'Branding' }).waitFor()
      await page.locator('#root_name').fill('Demo Video')
      await page.locator('#root_copyright').fill('© Demo Video')
      const logo = join(product.dataDir, 'logo.png')
      writeFileSync(logo, PNG)
      await page.locator('input[type=file]').setInputFiles(logo)
      await page.getByText('Image uploaded').waitFor()
      expect(await page.locator('#root_logo').inputValue()).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/)
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByText('Settings saved').waitFor()

      await page.getByRole('tab', { name: 'Business rules' }).click()
      const limit = page.locator('#root_VITE_MERCHANT_COUNT_LIMITATION')
      await limit.fill('-5')
      await page.getByRole('tabpanel', { name: 'Business rules' }).getByRole('button', { name: 'Save' }).click()
      await page.getByText('enter -1 (unlimited) or a whole number from 0').waitFor()
      await limit.fill('20')
      await page.locator('#root_money_recharge_exchange_config').fill('1,4')
      await page.getByRole('tabpanel', { name: 'Business rules' }).getByRole('button', { name: 'Save' }).click()
      await page.getByText('Settings saved').first().waitFor()

      await page.reload()
      await page.getByRole('tab', { name: 'Branding' }).waitFor()
      await page.locator('#root_name').waitFor()
      expect(await page.locator('#root_name').inputValue()).toBe('Demo Video')
      const logoUrl = await page.locator('#root_logo').inputValue()
      // The uploaded file is served back as the image it is.
      const served = await page.request.get(`${product.url}${logoUrl}`)
      expect(served.headers()['content-type']).toBe('image/png')
      await page.getByRole('tab', { name: 'Business rules' }).click()
      expect(await page.locator('#root_VITE_MERCHANT_COUNT_LIMITATION').inputValue()).toBe('20')
      expect(await page.locator('#root_money_recharge_exchange_config').inputValue()).toBe('1,4')
    }, 'en-US', { at: '/account/settings' })
  })

  it('refuses a certificate that is not PEM on its field, takes a matching pair, and keeps secrets write-only', async () => {
    await withSignedIn(product, 'admin', async (page) => {
      await page.getByText('No certificate uploaded yet').waitFor()
      const notPem = join(product.dataDir, 'cert.pem')
      writeFileSync(notPem, 'this is not a certificate')
      const files = page.locator('input[type=file]')
      await files.nth(0).setInputFiles(notPem)
      await files.nth(1).setInputFiles(join(CERTS, 'pay_key.pem'))
      await page.getByRole('button', { name: 'Upload certificate and key' }).click()
      await page.locator('.ant-form-item-explain-error', { hasText: 'The certificate must be a PEM file (-----BEGIN CERTIFICATE-----)' }).waitFor()

      await files.nth(0).setInputFiles(join(CERTS, 'pay_cert.pem'))
      await page.getByRole('button', { name: 'Upload certificate and key' }).click()
      await page.getByText('Certificate and key uploaded').waitFor()
      await page.locator('.ant-descriptions-row', { hasText: 'Subject' }).getByText(/CN=1234567890/).waitFor()

      await page.locator('#root_pay_api_v3_key').fill('A'.repeat(32))
      // The page holds the AI providers' settings too, each group with its own Save.
      await page.locator('.ant-card', { hasText: 'AI providers' }).getByText('Local render (no lip sync)').waitFor()
      await page.locator('.ant-card', { has: page.locator('#root_pay_api_v3_key') }).getByRole('button', { name: 'Save', exact: true }).click()
      await page.getByText('Settings saved').waitFor()
      await page.reload()
      await page.locator('#root_pay_api_v3_key').waitFor()
      expect(await page.locator('#root_pay_api_v3_key').inputValue()).toBe('')
      expect(await page.locator('#root_pay_api_v3_key').getAttribute('placeholder')).toBe('Set (leave empty to keep it)')
      await page.locator('.ant-descriptions-row', { hasText: 'Subject' }).getByText(/CN=1234567890/).waitFor()
    }, 'en-US', { at: '/account/system-init' })
  })

  it("shows a vendor's settings only once the admin chooses it, and keeps its key write-only", async () => {
    await withSignedIn(product, 'admin', async (page) => {
      await page.waitForLoadState('networkidle')
      const card = page.locator('.ant-card', { hasText: 'AI providers' })
      await card.getByText('Local render (no lip sync)').waitFor()
      expect(await card.getByLabel('HeyGen API key').count()).toBe(0)
      expect(await card.getByLabel('HeyGem address').count()).toBe(0)
      await card.locator('.ant-select', { has: page.locator('#root_digital_human_video') }).click()
      await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'HeyGen cloud (lip sync)' }))
      await card.getByLabel('HeyGen API key').fill('hg-secret-key')
      expect(await card.getByLabel('HeyGen API address').inputValue()).toBe('https://api.heygen.com')
      expect(await card.getByLabel('HeyGem address').count()).toBe(0)
      await card.getByRole('button', { name: 'Save', exact: true }).click()
      await page.getByText('Settings saved').waitFor()
      await page.reload()
      await card.getByLabel('HeyGen API key').waitFor()
      expect(await card.getByLabel('HeyGen API key').inputValue()).toBe('')
      expect(await card.getByLabel('HeyGen API key').getAttribute('placeholder')).toBe('Set (leave empty to keep it)')
    }, 'en-US', { at: '/account/system-init' })
  })

  it('lets a merchant upload an avatar and edit its own profile, and the header shows the new avatar', async () => {
    await withSignedIn(product, 'merchant1', async (page) => {
      await page.locator('#root_nickname').waitFor()
      await page.locator('#root_nickname').fill('Noodles')
      const avatar = join(product.dataDir, 'avatar.png')
      writeFileSync(avatar, PNG)
      await page.locator('input[type=file]').setInputFiles(avatar)
      await page.getByText('Image uploaded').waitFor()
      await page.getByRole('button', { name: 'Save' }).first().click()
      await page.getByText('Profile saved').waitFor()
      const src = await page.locator('#root_avatar').inputValue()
      await page.locator(`header img[src="${src}"]`).waitFor()
      await page.goto(`${product.url}/user/info`)
      await page.getByText('Noodles').first().waitFor()
    }, 'en-US', { at: '/user/setting' })
  })

  it('lists the platform voice clones for an admin, by account and status, with no row actions', async () => {
    // Clone records are written by the voice-clone tasks; here they are put in the product's database directly.
    const db = new SQLite(join(product.dataDir, 'console.sqlite'))
    const merchant = db.prepare('select id from account where username = ?').get('merchant1') as { id: number }
    const insert = db.prepare("insert into voice_clone (user_id, name, status, sample_url, provider, voice_id, error, created_at, updated_at) values (?, ?, ?, '', 'local', '', ?, ?, ?)")
    insert.run(merchant.id, 'Warm narrator', 'succeeded', '', '2026-11-01T08:00:00.000Z', '2026-11-01T08:00:00.000Z')
    insert.run(merchant.id, 'Shop voice', 'failed', 'The sample is shorter than 10 seconds', '2026-11-02T08:00:00.000Z', '2026-11-02T08:00:00.000Z')
    db.close()
    await withSignedIn(product, 'admin', async (page) => {
      const failed = page.getByRole('row', { name: /Shop voice/ })
      await failed.waitFor()
      expect(await failed.getByText('merchant1').count()).toBe(1)
      expect(await failed.getByText('Failed').count()).toBe(1)
      expect(await page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0)
      // A list opened by a full page load starts from the prefetched page and stops spinning.
      await expect.poll(() => page.locator('.ant-table .ant-spin-spinning').count()).toBe(0)
      await page.locator('.ant-select', { has: page.locator('#status') }).click()
      await page.locator('.ant-select-item-option', { hasText: 'Done' }).click()
      await page.getByRole('button', { name: 'Search' }).click()
      await failed.waitFor({ state: 'detached' })
      await page.getByRole('row', { name: /Warm narrator/ }).waitFor()
    }, 'en-US', { at: '/account/voice-record' })
  })
})
