import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openContext, openSignedIn, startProduct, type Product } from './harness'
import { openFromMenu } from './page-actions'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

/** Every way the hostile markup below tries to run code sets this. */
const pwned = (page: Page) => page.evaluate(() => (window as { __pwned?: unknown }).__pwned)

describe('articles and agreements with formatted text (spec §2 /protocol)', () => {
  it('lets an admin write a formatted article; its bold shows as bold and no script in it ever runs', async () => {
    const { page, close } = await openSignedIn(product, 'admin')
    try {
      await openFromMenu(page, 'Agreements & rules', 'Articles')
      await page.waitForURL(/\/protocol\/article/)
      await page.getByText('Nothing here yet').waitFor()
      await page.getByRole('button', { name: 'Create' }).click()
      await page.locator('#root_title').fill('Welcome guide')

      const editor = page.locator('#root_content .ql-editor')
      await editor.click()
      await page.keyboard.type('Read the ')
      await page.keyboard.press('Control+b')
      await page.keyboard.type('important part')
      await page.keyboard.press('Control+b')
      await page.keyboard.type(' first.')
      await page.keyboard.press('Enter')
      await page.getByRole('button', { name: 'Bulleted list' }).click()
      await page.keyboard.type('Step one')
      await page.keyboard.press('Enter')
      await page.keyboard.type('Step two')
      await page.keyboard.press('Enter')
      await page.keyboard.press('Enter')
      // An image from the computer, uploaded where every upload goes and placed at the cursor.
      const image = join(product.dataDir, 'photo.png')
      writeFileSync(image, PNG)
      await page.locator('.rich-text-editor input[type=file]').setInputFiles(image)
      await editor.locator('img[src^="/uploads/"]').waitFor()
      await page.keyboard.press('Enter')
      // Markup pasted from elsewhere, carrying a script.
      await editor.evaluate((root) => {
        const data = new DataTransfer()
        data.setData('text/html', '<p>Pasted <em>words</em><script>window.__pwned = 1</script></p>')
        data.setData('text/plain', 'Pasted words')
        root.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
      })
      await page.getByRole('button', { name: 'Save' }).click()

      // The list has room for the words only.
      const row = page.getByRole('row', { name: /Welcome guide/ })
      await row.waitFor()
      expect(await row.textContent()).toContain('Read the important part first. Step one Step two Pasted words')
      await row.getByRole('link', { name: 'Show' }).click()
      await page.waitForURL(/\/protocol\/article\/show\/\d+$/)
      const view = page.locator('.rich-text-view')
      const bold = view.locator('strong', { hasText: 'important part' })
      await bold.waitFor()
      expect(Number(await bold.evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(600)
      expect(await view.locator('ul > li').allInnerTexts()).toEqual(['Step one', 'Step two'])
      await view.locator('em', { hasText: 'words' }).waitFor()
      await expect.poll(() => view.locator('img[src^="/uploads/"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1)
      expect(await view.locator('script').count()).toBe(0)
      expect(await pwned(page)).toBeUndefined()

      // Past the editor, straight to the API: what keeps the page safe is the server's sanitising.
      const id = Number(page.url().match(/show\/(\d+)$/)![1])
      const token = (await page.evaluate(() => localStorage.getItem('token')))!
      const hostile =
        '<p><strong>Still bold</strong><script>window.__pwned = 1</script><img src="/missing.png" onerror="window.__pwned = 2">' +
        '<a href="javascript:window.__pwned = 3">a link</a></p>'
      const saved = await page.request.post(`${product.url}/api/v1/platform/edit_article`, { headers: { token }, data: { id, content: hostile } })
      expect((await saved.json()).code).toBe(1)
      await page.reload()
      await view.locator('strong', { hasText: 'Still bold' }).waitFor()
      await expect.poll(() => view.locator('img').evaluate((img: HTMLImageElement) => img.complete)).toBe(true)
      await view.getByText('a link').click()
      expect(await view.locator('script, [onerror], a[href^="javascript"]').count()).toBe(0)
      expect(await pwned(page)).toBeUndefined()
    } finally {
      await close()
    }
  })

  it('publishes an agreement that the login page opens without signing in, and says so while it is not published', async () => {
    const admin = await openSignedIn(product, 'admin')
    const visitor = await openContext('en-US')
    const setUserAgreement = async (change: (page: Page) => Promise<void>) => {
      const page = admin.page
      await openFromMenu(page, 'Agreements & rules', 'Agreements')
      await page.getByRole('row', { name: /User agreement/ }).getByRole('link', { name: 'Edit' }).click()
      await page.locator('#root_content .ql-editor').waitFor()
      await change(page)
      await page.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL(/\/protocol\/agreement(\?|$)/)
    }
    const readFromLogin = async () => {
      const page = visitor.page
      await page.goto(`${product.url}/login`)
      await page.getByText('User agreement', { exact: true }).click()
      return page.locator('.ant-modal')
    }
    try {
      await setUserAgreement(async (page) => {
        await page.locator('#root_content .ql-editor').click()
        await page.keyboard.press('Control+a')
        await page.keyboard.type('These terms, ')
        await page.keyboard.press('Control+b')
        await page.keyboard.type('version two')
        await page.keyboard.press('Control+b')
        await page.locator('#root_published').uncheck()
      })

      const unpublished = await readFromLogin()
      await unpublished.getByText('User agreement has not been published yet. Please check back later.').waitFor()
      // The dialog says it; no error message pops up besides.
      expect(await visitor.page.locator('.ant-message-error').count()).toBe(0)
      await unpublished.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click()
      await unpublished.waitFor({ state: 'hidden' })

      await setUserAgreement((page) => page.locator('#root_published').check())
      const published = await readFromLogin()
      await published.locator('.rich-text-view strong', { hasText: 'version two' }).waitFor()
      expect(await published.locator('.rich-text-view').innerText()).toBe('These terms, version two')
      expect(visitor.page.url()).toMatch(/\/login$/)
      expect(await visitor.page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    } finally {
      await admin.close()
      await visitor.close()
    }
  })
})
