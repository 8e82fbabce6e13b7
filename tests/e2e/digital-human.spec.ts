import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTestSpeech, makeTestVideo } from '../../src/server/media/test-media'
import { axeViolations } from './axe'
import { clickWhenSettled, startProduct, withSignedIn, type Product } from './harness'

let product: Product
let media: string

const SCRIPT = 'Good morning, and welcome. Today I want to tell you about something we made with care. It is simple to use, and it saves you time every day.'

beforeAll(async () => {
  media = mkdtempSync(join(tmpdir(), 'console-digital-human-'))
  await Promise.all([makeTestSpeech(join(media, 'my-voice.m4a'), SCRIPT, 'en+f3'), makeTestVideo(join(media, 'me-talking.mp4'), { seconds: 9, width: 480, height: 360 })])
  product = await startProduct()
  // Three clones' worth of each quota, put in place as the ledger writes it (src/server/ledger).
  const db = new SQLite(join(product.dataDir, 'console.sqlite'))
  const { id } = db.prepare('select id from account where username = ?').get('merchant1') as { id: number }
  for (const quota of ['digital_voice_count', 'digital_man_count']) {
    db.prepare("insert into user_quota_log (user_id, quota, type, amount, balance_after, operator_id, related_type, related_id, remark, idempotency_key, created_at, updated_at) values (?, ?, 'adjust', 3, 3, null, '', null, 'Opening quota', null, ?, ?)").run(id, quota, '2026-11-01T08:00:00.000Z', '2026-11-01T08:00:00.000Z')
    db.prepare(`update account set ${quota} = 3 where id = ?`).run(id)
  }
  db.close()
}, 120_000)
afterAll(async () => {
  await product?.stop()
  if (media) rmSync(media, { recursive: true, force: true })
})

describe('digital humans', () => {
  it('a merchant clones a voice from a recording it uploads, sees it said to be a local voice, not a clone, and hears it say a sentence', () =>
    withSignedIn(product, 'merchant1', async (page) => {
      await page.goto(`${product.url}/digital-human/sound-clone`)
      await page.getByRole('link', { name: 'Clone a voice' }).click()
      await page.waitForURL(/\/digital-human\/sound-clone-new$/)
      await page.waitForLoadState('networkidle')

      await page.getByLabel('Voice name').fill('Shop narrator')
      // A new recording, uploaded from the field itself: it lands in the library and in the field.
      await page.locator('input[type=file]').setInputFiles(join(media, 'my-voice.m4a'))
      await page.locator('.ant-select-selection-item', { hasText: 'my-voice.m4a' }).waitFor({ timeout: 30_000 })
      expect(await page.getByLabel('Voice name').inputValue()).toBe('Shop narrator')
      await page.getByLabel('Language', { exact: true }).click({ force: true })
      await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'English' }))
      await page.getByRole('button', { name: 'Submit' }).click()
      // Not without the speaker's consent, said on the checkbox.
      await page.getByText('Tick “The speaker agreed” to go on').waitFor()
      await page.getByLabel('The speaker agreed').check()
      expect(await page.locator('.task-summary').textContent()).toContain('1')
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.locator('.task-card[data-status="succeeded"]').waitFor({ timeout: 45_000 })
      expect(await axeViolations(page)).toEqual([])

      await page.goto(`${product.url}/digital-human/sound-clone`)
      const row = page.getByRole('row', { name: /Shop narrator/ })
      await row.waitFor()
      expect(await row.textContent()).toContain('Local voice, not a clone')
      await row.getByRole('button', { name: 'Try it' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Sentence to hear').fill('Hello, this is the voice of our shop.')
      await dialog.getByRole('button', { name: 'Try it' }).click()
      const audio = dialog.locator('audio')
      await audio.waitFor()
      const length = await audio.evaluate(
        (element: HTMLAudioElement) =>
          new Promise<number>((resolve) => {
            if (element.readyState >= 1) resolve(element.duration)
            else element.addEventListener('loadedmetadata', () => resolve(element.duration), { once: true })
          }),
      )
      expect(length).toBeGreaterThan(1)
      expect(await axeViolations(page)).toEqual([])
    }), 120_000)

  it('a merchant makes an avatar from a video it uploads, watching the clone move, and finds it said to be a local render with no lip sync', () =>
    withSignedIn(product, 'merchant1', async (page) => {
      await page.goto(`${product.url}/digital-human/image-clone`)
      await page.getByRole('link', { name: 'Clone an avatar' }).click()
      await page.waitForURL(/\/digital-human\/image-clone-new$/)
      await page.waitForLoadState('networkidle')
      await page.getByLabel('Avatar name').fill('Shop host')
      await page.locator('input[type=file]').setInputFiles(join(media, 'me-talking.mp4'))
      await page.locator('.ant-select-selection-item', { hasText: 'me-talking.mp4' }).waitFor({ timeout: 30_000 })
      await page.getByLabel('The person filmed agreed').check()
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.locator('.task-card[data-status="succeeded"]').waitFor({ timeout: 45_000 })
      expect(await axeViolations(page)).toEqual([])

      await page.goto(`${product.url}/digital-human/image-clone`)
      const row = page.getByRole('row', { name: /Shop host/ })
      await row.waitFor()
      expect(await row.textContent()).toContain('Local render, no lip sync')
      expect(await row.locator('img').count()).toBe(1)
      expect(await axeViolations(page)).toEqual([])
    }), 120_000)
})
