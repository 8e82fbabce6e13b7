import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTestImage, makeTestVideo } from '../../src/server/media/test-media'
import { axeViolations } from './axe'
import { searchAndChoose } from './page-actions'
import { goTo } from './screens'
import { clickWhenSettled, startProduct, withSignedIn, type Product } from './harness'

let product: Product
let media: string

beforeAll(async () => {
  media = mkdtempSync(join(tmpdir(), 'console-creation-'))
  // Two tiny clips told apart by their tone, and a text file dressed as a video.
  await Promise.all([
    makeTestVideo(join(media, 'sunrise.mp4'), { seconds: 2, width: 160, height: 120, frequency: 440 }),
    makeTestVideo(join(media, 'harbour.mp4'), { seconds: 2, width: 160, height: 120, frequency: 660 }),
    makeTestImage(join(media, 'poster.png'), 120, 90),
  ])
  writeFileSync(join(media, 'notes.mp4'), 'These are notes, not a video.')
  product = await startProduct()
  // Each video costs 0.10 CNY, reserved at submission: a top-up, put in place as the ledger writes one (src/server/ledger).
  const db = new SQLite(join(product.dataDir, 'console.sqlite'))
  const { id } = db.prepare('select id from account where username = ?').get('merchant1') as { id: number }
  db.prepare("insert into user_money_log (user_id, type, amount, balance_after, operator_id, related_type, related_id, remark, idempotency_key, created_at, updated_at) values (?, 'recharge', 1000, 1000, null, '', null, 'Opening top-up', null, ?, ?)").run(id, '2026-11-01T08:00:00.000Z', '2026-11-01T08:00:00.000Z')
  db.prepare('update account set money = 1000 where id = ?').run(id)
  db.close()
}, 120_000)
afterAll(async () => {
  await product?.stop()
  if (media) rmSync(media, { recursive: true, force: true })
})

/** Whether a sound plays; once it does, slowed to a quarter, so that a press of Stop after it lands while it still plays. */
function playingSlowly(element: HTMLAudioElement): boolean {
  const playing = !element.paused && element.currentTime > 0
  if (playing) element.playbackRate = 0.25
  return playing
}

/** Pick records in a search-and-pick box by typing part of their titles. */
async function pick(page: Page, inputId: string, titles: string[]): Promise<void> {
  for (const title of titles) await searchAndChoose(page, inputId, title.slice(0, 5), title)
  await page.keyboard.press('Escape')
  // Closed and gone, so the next box's list is the only one open.
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0)
}

/** A task's card as the page shows it now. */
function cardState(page: Page, id: string) {
  return page.locator(`.task-card[data-task-id="${id}"]`).evaluate((card) => ({
    status: card.getAttribute('data-status'),
    progress: Number(card.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? -1),
  }))
}

describe('making videos from materials', () => {
  it('a merchant uploads two clips (a fake one is refused, saying why), makes a mixed cut of 3 variants out of 4 possible, watches it move live on the task list and plays a result', () =>
    withSignedIn(
      product,
      'merchant1',
      async (page) => {
        const asked: string[] = []
        page.on('request', (request) => asked.push(`${request.method()} ${new URL(request.url()).pathname}`))

        await page.locator('.material-upload').waitFor()
        expect(await page.getByText('cannot work on media').count()).toBe(0)
        await page.locator('.material-upload input[type=file]').setInputFiles(['sunrise.mp4', 'harbour.mp4', 'notes.mp4'].map((name) => join(media, name)))
        const line = (name: string) => page.locator('.material-upload-file', { hasText: name })
        await line('sunrise.mp4').and(page.locator('[data-state="done"]')).waitFor({ timeout: 30_000 })
        await line('harbour.mp4').and(page.locator('[data-state="done"]')).waitFor({ timeout: 30_000 })
        await line('notes.mp4').and(page.locator('[data-state="refused"]')).waitFor({ timeout: 30_000 })
        expect(await line('notes.mp4').getByRole('alert').textContent()).toMatch(/notes\.mp4.*not a video, audio or image/)
        // The list read again as the files arrived.
        await page.getByRole('row', { name: /sunrise\.mp4/ }).waitFor()
        await page.getByRole('row', { name: /harbour\.mp4/ }).waitFor()
        expect(await page.getByRole('row', { name: /notes\.mp4/ }).count()).toBe(0)
        expect(await axeViolations(page)).toEqual([])
        // A still has no length: its row gives its size in pixels.
        await page.locator('.material-upload input[type=file]').setInputFiles([join(media, 'poster.png')])
        const poster = page.getByRole('row', { name: /poster\.png/ })
        await poster.getByText('120 × 90').waitFor()
        expect(await poster.getByText(/^0 s$/).count()).toBe(0)

        // The mixed-cut editor, from the clip page's button; everything from here on without reloading.
        await page.getByRole('menuitem', { name: 'Smart clip / mixed cut' }).click()
        await page.waitForURL(/\/creation\/clip$/)
        await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
        await page.getByRole('button', { name: 'Switch to Mixed cut' }).click()
        await page.waitForURL(/\/creation\/mixedshear$/)
        // The address changes first; the clip page stays on screen until the editor has rendered.
        await page.getByRole('heading', { level: 1, name: 'Mixed cut', exact: true }).waitFor()
        await page.locator('#root_title').fill('Spring sale')
        const combinations = page.locator('.task-summary .ant-statistic', { hasText: 'Possible combinations' }).locator('.ant-statistic-content-value')
        expect(await combinations.textContent()).toBe('0')
        await pick(page, 'root_slots_0_clips', ['sunrise.mp4', 'harbour.mp4'])
        await expect.poll(() => combinations.textContent()).toBe('2')
        await page.getByRole('button', { name: /\bAdd$/ }).click()
        await pick(page, 'root_slots_1_clips', ['harbour.mp4', 'sunrise.mp4'])
        await expect.poll(() => combinations.textContent()).toBe('4')

        // More variants than the slots allow is marked on the field and not sent.
        await page.locator('#root_count').fill('5')
        await page.getByText('The slots allow 4 different videos at most').waitFor()
        await page.locator('#root_count').fill('3')
        await page.getByText('The slots allow 4 different videos at most').waitFor({ state: 'detached' })

        // A voice-over longer than the slots can make is said before sending, with what will happen.
        await page.locator('#root_voice_text').fill('Welcome to our spring sale. Every jacket is half price this week, and every order ships free. Come and see us today.')
        await page.locator('.task-notice', { hasText: /^The voice-over takes [\d.]+ s, longer than the [\d.]+ s the slots can make at most: the slots play again in order until it ends\.$/ }).waitFor()
        await page.locator('#root_voice_text').fill('')
        await page.locator('.task-notice').waitFor({ state: 'detached' })
        await page.locator('.ant-select', { has: page.locator('#root_resolution') }).click()
        await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '480p' }))
        // Priced per started minute of video, as the server measures the form: three videos under a minute each.
        const cost = page.locator('.task-summary .ant-statistic', { hasText: 'Cost estimate' })
        await expect.poll(() => cost.locator('.ant-statistic-content').textContent()).toBe('0.30CNY')
        expect(await page.locator('.task-summary').textContent()).toContain('0.10 CNY per started minute of video × 3 minutes')
        expect(await page.locator('.task-summary .task-size').textContent()).toMatch(/It makes 3 videos of up to [\d.]+ s each \(the longest allowed is 600 s\)/)

        await page.getByRole('button', { name: 'Submit' }).click()
        const submitted = page.locator('.submitted-task .task-card')
        await submitted.waitFor()
        const id = (await submitted.getAttribute('data-task-id'))!
        expect(await submitted.textContent()).toContain('Spring sale')

        // The task list, followed live: the card moves while the list is read no more than it was.
        await page.getByRole('link', { name: 'All tasks: Clip tasks' }).click()
        await page.waitForURL(/\/creation\/mixed-task$/)
        const card = page.locator(`.task-card[data-task-id="${id}"]`)
        await card.waitFor()
        const listReads = () => asked.filter((a) => a === 'GET /api/v1/task/list').length
        const readsBefore = listReads()
        const seen: string[] = []
        const started = Date.now()
        for (;;) {
          const state = await cardState(page, id)
          const key = `${state.status} ${state.progress}`
          if (seen.at(-1) !== key) seen.push(key)
          if (state.status === 'succeeded' || state.status === 'failed' || Date.now() - started > 120_000) break
          await page.waitForTimeout(100)
        }
        expect(seen.at(-1)).toBe('succeeded 100')
        // The page showed the task at several points of its progress, read through the stream rather than the list.
        expect(seen.length, seen.join(', ')).toBeGreaterThanOrEqual(3)
        expect(listReads() - readsBefore, seen.join(', ')).toBeLessThan(seen.length - 1)
        expect(asked).toContain('GET /api/v1/task/events')
        expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)

        // Three videos, each playable and downloadable.
        const videos = card.locator('video')
        await expect.poll(() => videos.count()).toBe(3)
        expect(await card.locator('a[download]').count()).toBe(3)
        const played = await videos.first().evaluate(async (video: HTMLVideoElement) => {
          video.muted = true
          await video.play()
          const until = Date.now() + 10_000
          while (video.currentTime === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
          return { readyState: video.readyState, currentTime: video.currentTime, width: video.videoWidth, height: video.videoHeight }
        })
        expect(played.readyState).toBeGreaterThan(0)
        expect(played.currentTime).toBeGreaterThan(0)
        // 480 px on the short side of a portrait 9:16 frame.
        expect([played.width, played.height]).toEqual([480, 854])
        expect(await axeViolations(page)).toEqual([])
        const download = await fetch(`${product.url}${await card.locator('a[download]').first().getAttribute('href')}`)
        expect([download.status, download.headers.get('content-type')]).toEqual([200, 'video/mp4'])

        // The works list holds them, each with the task that made it.
        await card.getByRole('link', { name: 'See the 3 videos in works' }).click()
        await page.waitForURL(/\/digital-human\/digital-video/)
        await expect.poll(() => page.getByRole('row', { name: /Spring sale #\d/ }).count()).toBe(3)

        // Deleting a material asks first, naming the task that used it; the videos it made stay.
        await goTo(page, '/creation/resource')
        await page.getByRole('row', { name: /sunrise\.mp4/ }).getByRole('button', { name: 'Delete' }).click()
        const dialog = page.getByRole('dialog')
        await dialog.getByText('Used by 1 task that has ended. The videos it made stay.').waitFor()
        expect(await dialog.getByRole('list', { name: 'Tasks using it' }).textContent()).toBe(`#${id} Mixed cut · Spring sale Succeeded`)
        expect(await dialog.getByRole('button', { name: 'Delete' }).isEnabled()).toBe(true)
        // Read once the dialog has finished coming in: half faded, its words are paler than they end.
        await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))))
        expect(await axeViolations(page)).toEqual([])
        await clickWhenSettled(dialog.getByRole('button', { name: 'Cancel' }))
        await dialog.waitFor({ state: 'detached' })
        await page.getByRole('row', { name: /sunrise\.mp4/ }).waitFor()

        // From its detail page the same question, and once answered the material and its file are gone.
        await page.getByRole('row', { name: /harbour\.mp4/ }).getByRole('link', { name: 'Show' }).click()
        await page.getByRole('heading', { level: 1, name: 'Material details' }).waitFor()
        const file = await page.locator('a[download]').first().getAttribute('href')
        expect((await fetch(`${product.url}${file}`)).status).toBe(200)
        await page.getByRole('button', { name: 'Delete' }).click()
        await dialog.getByText('Used by 1 task that has ended. The videos it made stay.').waitFor()
        await clickWhenSettled(dialog.getByRole('button', { name: 'Delete' }))
        await page.waitForURL(/\/creation\/resource(\?|$)/)
        await page.getByRole('row', { name: /sunrise\.mp4/ }).waitFor()
        await expect.poll(() => page.getByRole('row', { name: /harbour\.mp4/ }).count()).toBe(0)
        expect((await fetch(`${product.url}${file}`)).status).toBe(404)
      },
      'en-US',
      { at: '/creation/resource' },
    ), 240_000)

  it("plays the voice of a clip's narration with one press of Listen, which turns to Stop; nothing covers the button", () =>
    withSignedIn(product, 'merchant1', async (page) => {
      const listen = page.getByRole('button', { name: 'Listen' })
      await listen.waitFor()
      await listen.click()
      const stop = page.getByRole('button', { name: 'Stop' })
      await stop.waitFor()
      const audio = page.locator('audio.sound-preview')
      await expect.poll(() => audio.evaluate(playingSlowly)).toBe(true)
      // The player has no controls: it takes no room, so the button is what a press at its middle reaches.
      expect(await audio.evaluate((element) => element.getBoundingClientRect().height)).toBe(0)
      expect(await stop.evaluate((button) => {
        const r = button.getBoundingClientRect()
        return button.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))
      })).toBe(true)
      await stop.click()
      await listen.waitFor()
      expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true)
    }, 'en-US', { at: '/creation/clip' }))
})
