import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import type { Page } from 'playwright-core'
import { openContext, startProduct, type Product } from './harness'
import { hashCaptchaAnswer } from '../../src/server/password-reset/captcha'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

/**
 * The picture's characters cannot be read by a test, and the product has no switch that
 * would reveal them. The test does what anyone with the database can: it replaces the
 * stored answer of the captcha the page shows with the hash of one it chose.
 */
function chooseCaptchaAnswer(captchaId: string, answer: string): void {
  const db = new SQLite(join(product.dataDir, 'console.sqlite'))
  try {
    const changed = db.prepare('update captcha_challenge set answer_hash = ? where challenge = ?').run(hashCaptchaAnswer(captchaId, answer), captchaId).changes
    expect(changed).toBe(1)
  } finally {
    db.close()
  }
}

/** The id of the next captcha picture the page loads. */
async function nextCaptchaId(page: Page, trigger: () => Promise<unknown>): Promise<string> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/v1/platform/captcha_image')), trigger()])
  return ((await response.json()) as { data: { captcha_id: string } }).data.captcha_id
}

/** The reset code the embedded provider wrote to the server log. */
async function loggedCode(username: string): Promise<string> {
  const pattern = new RegExp(`reset code for ${username}: (\\d{6})`, 'g')
  await expect.poll(() => [...product.output().matchAll(pattern)].length, { timeout: 5000 }).toBeGreaterThan(0)
  return [...product.output().matchAll(pattern)].at(-1)![1]!
}

async function signInWorks(username: string, password: string): Promise<boolean> {
  const res = await fetch(`${product.url}/api/v1/platform/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) })
  return ((await res.json()) as { code: number }).code === 1
}

describe('forgot password (spec §2, §7 get_captcha and reset_pwd)', () => {
  it('resets the password from the sign-in page with a picture code and the code from the server log', async () => {
    const { page, close } = await openContext('en-US')
    const username = 'merchant1'
    const newPassword = 'a fresh reset password'
    try {
      await page.goto(`${product.url}/login`)
      await page.locator('#username').fill(username)
      let captchaId = await nextCaptchaId(page, () => page.getByText('Forgot password').click())
      const dialog = page.getByRole('dialog', { name: 'Reset your password' })
      await dialog.waitFor()
      expect(await dialog.locator('#account').inputValue()).toBe(username)

      // A wrong picture code is marked on its field, and a new picture replaces the used one.
      await dialog.locator('#captcha').fill('ZZZZ')
      const firstId = captchaId
      captchaId = await nextCaptchaId(page, () => dialog.getByRole('button', { name: 'Send code' }).click())
      expect(captchaId).not.toBe(firstId)
      await dialog.locator('.ant-form-item-explain-error', { hasText: 'The picture code is wrong or has expired.' }).waitFor()
      expect(await dialog.locator('#captcha').inputValue()).toBe('')

      chooseCaptchaAnswer(captchaId, 'K7WP')
      await dialog.locator('#captcha').fill('k7wp')
      await dialog.getByRole('button', { name: 'Send code' }).click()
      await dialog.getByText('No SMS or e-mail provider is configured; the code was written to the server log.').waitFor()
      const resend = dialog.getByRole('button', { name: /^Resend \(\d+ s\)$/ })
      await resend.waitFor()
      expect(await resend.isDisabled()).toBe(true)
      const code = await loggedCode(username)

      await dialog.locator('#code').fill(code === '000000' ? '000001' : '000000')
      await dialog.locator('#new_password').fill(newPassword)
      await dialog.locator('#confirm').fill('something else')
      await dialog.getByRole('button', { name: 'Reset password' }).click()
      await dialog.getByText('The two passwords do not match').waitFor()
      await dialog.locator('#confirm').fill(newPassword)
      // The message folds away with an animation that moves the button; click once it has gone.
      await dialog.getByText('The two passwords do not match').waitFor({ state: 'detached' })
      await dialog.getByRole('button', { name: 'Reset password' }).click()
      await dialog.locator('.ant-form-item-explain-error', { hasText: 'The code is wrong. 4 tries left for this code.' }).waitFor()

      await dialog.locator('#code').fill(code)
      await dialog.getByRole('button', { name: 'Reset password' }).click()
      await page.getByText('Password reset. Sign in with your new password.').waitFor()
      await dialog.waitFor({ state: 'hidden' })
      expect(await page.locator('#username').inputValue()).toBe(username)
      expect(await page.locator('#password').inputValue()).toBe('')

      expect(await signInWorks(username, product.logins[username]!)).toBe(false)
      await page.locator('#password').fill(newPassword)
      await page.locator('form button[type="submit"]').click()
      await page.waitForURL((u) => !u.pathname.startsWith('/login'))
    } finally {
      await close()
    }
  })

  it('speaks Chinese, and answers an unknown account as it answers a real one', async () => {
    const { page, close } = await openContext('zh-CN')
    try {
      await page.goto(`${product.url}/login`)
      const captchaId = await nextCaptchaId(page, () => page.getByText('忘记密码').click())
      const dialog = page.getByRole('dialog', { name: '找回密码' })
      await dialog.locator('#account').fill('nobody-here')
      chooseCaptchaAnswer(captchaId, 'AB23')
      await dialog.locator('#captcha').fill('ab23')
      await dialog.getByRole('button', { name: '发送验证码' }).click()
      // The same notice as for a real account: the page does not say which accounts exist.
      await dialog.getByText('未配置短信或邮件服务，验证码已写入服务器日志').waitFor()
      await dialog.locator('#code').fill('12')
      await dialog.getByRole('button', { name: '重置密码' }).click()
      await dialog.getByText('验证码至少需要 6 个字符').waitFor()
      expect(product.output()).not.toContain('reset code for nobody-here')
    } finally {
      await close()
    }
  })
})
