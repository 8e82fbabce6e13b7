import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTestSpeech, makeTestVideo } from '../../src/server/media/test-media'
import { runFfmpeg } from '../../src/server/media/run-ffmpeg'
import { axeViolations } from './axe'
import { searchAndChoose } from './page-actions'
import { settler } from './settle'
import { callApi, clickWhenSettled, startProduct, withSignedIn, type Product } from './harness'

let product: Product
let media: string

const SCRIPT = 'Good morning, and welcome. Today I want to tell you about something we made with care. It is simple to use, and it saves you time every day.'

beforeAll(async () => {
  media = mkdtempSync(join(tmpdir(), 'console-digital-human-'))
  await Promise.all([makeTestSpeech(join(media, 'my-voice.m4a'), SCRIPT, 'en+f3'), makeTestVideo(join(media, 'me-talking.mp4'), { seconds: 9, width: 480, height: 360 })])
  // What the browser's microphone hears: the same voice, as the WAV Chromium plays into a fake microphone.
  await runFfmpeg(['-i', join(media, 'my-voice.m4a'), '-ac', '1', '-ar', '48000', '-c:a', 'pcm_s16le', join(media, 'microphone.wav')])
  product = await startProduct()
  // The platform's script library, as an administrator files it: one script per industry.
  for (const [industry, title, content] of [['Clothing', 'Autumn coats', 'Welcome to our shop. Autumn is here, and so are our new coats.'], ['Catering', 'Summer dresses', 'Light dishes for a hot day.']]) {
    const { id } = await callApi<{ id: number }>(product, { username: 'admin' }, 'POST', '/platform/add_industry', { name: industry })
    await callApi(product, { username: 'admin' }, 'POST', '/platform/add_script', { industry_id: id, title, content })
  }
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
      const settled = settler(page)
      await page.getByRole('link', { name: 'Clone a voice' }).click()
      await page.waitForURL(/\/digital-human\/sound-clone-new$/)
      // Opened inside the app, which networkidle does not see: what the form needs has come once the page is quiet.
      await settled()

      // Who does the work, and what it really is, before anything is sent.
      await page.locator('.provider-status').getByText(/Voice clone · Local voice, not a clone/).waitFor()
      await page.locator('.task-cost-left', { hasText: 'You have 3 Voice clones left' }).waitFor()
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
      await expectSucceeded(page)
      expect(await axeViolations(page)).toEqual([])

      await page.goto(`${product.url}/digital-human/sound-clone`)
      const row = page.getByRole('row', { name: /Shop narrator/ })
      await row.waitFor()
      expect(await row.textContent()).toContain('Local voice, not a clone')
      // Its provider by name, not the settings' key "local".
      expect(await row.textContent()).toContain('Local voice (not a clone)')
      // One press and the voice speaks, its button turned to Stop: no dialog first, no player over the button.
      await row.getByRole('button', { name: 'Try it' }).click()
      await row.getByRole('button', { name: 'Stop' }).waitFor()
      const audio = page.locator('audio.sound-preview')
      // Once it plays, slowed to a quarter, so that the press of Stop below lands while it still plays.
      await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => !element.paused && element.currentTime > 0 && (element.playbackRate = 0.25) > 0)).toBe(true)
      expect(await audio.evaluate((element: HTMLAudioElement) => element.duration)).toBeGreaterThan(1)
      expect(await page.getByRole('dialog').count()).toBe(0)
      expect(await axeViolations(page)).toEqual([])
      await row.getByRole('button', { name: 'Stop' }).click()
      await row.getByRole('button', { name: 'Try it' }).waitFor()
      expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true)

      // A sentence of one's own, from the voice's page: heard with the one press that sends it.
      await row.getByRole('link', { name: 'Show' }).click()
      // The list stays on screen, its own Try it with it, until the voice's page has loaded.
      await page.getByRole('heading', { name: 'Voice details' }).waitFor()
      await page.getByRole('button', { name: 'Try it' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Sentence to hear').fill('Hello, this is the voice of our shop.')
      const spoken = page.waitForResponse((response) => response.url().includes('/voice_clone/speak?'))
      await clickWhenSettled(dialog.getByRole('button', { name: 'Try it' }))
      expect(new URL((await spoken).url()).searchParams.get('text')).toBe('Hello, this is the voice of our shop.')
      await dialog.getByRole('button', { name: 'Stop' }).waitFor()
      await expect.poll(() => dialog.locator('audio').evaluate((element: HTMLAudioElement) => !element.paused)).toBe(true)
    }, 'en-US', { at: '/digital-human/sound-clone' }), 120_000)

  it('a merchant records a voice sample in the browser, reading the script while the level meter moves, and clones it', () =>
    withSignedIn(
      product,
      'merchant1',
      async (page) => {
        await page.goto(`${product.url}/digital-human/sound-clone-new`)
        await page.waitForLoadState('networkidle')
        await page.getByLabel('Voice name').fill('Recorded narrator')
        await page.getByRole('button', { name: 'Record now' }).click()
        const dialog = page.getByRole('dialog', { name: 'Record a voice sample' })
        await dialog.getByText('Read this sentence first, then pause for a breath:').waitFor()
        await dialog.getByText('Good morning and welcome, today I want to tell you about something we made with care.').waitFor()
        await clickWhenSettled(dialog.getByRole('button', { name: 'Start recording' }))
        await dialog.getByText('Recording…').waitFor()
        // The meter shows the voice as it is heard.
        const meter = dialog.getByRole('progressbar', { name: 'Microphone level' })
        await expect.poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0)
        // The clock runs; past the shortest sample the clone takes, the take is stopped.
        await expect.poll(() => dialog.getByText(/^0:(0[7-9]|[1-5][0-9])$/).count(), { timeout: 20_000 }).toBe(1)
        await dialog.getByRole('button', { name: 'Stop' }).click()
        await dialog.getByText(/^Your take: 0:0[7-9]\./).waitFor()
        expect(await dialog.getByLabel('Your recording').getAttribute('src')).toMatch(/^blob:/)
        await dialog.getByRole('button', { name: 'Use this recording' }).click()
        await dialog.waitFor({ state: 'detached', timeout: 30_000 })
        // The take went into the library like any upload, and into the field.
        await page.locator('.ant-select-selection-item', { hasText: /^Recording .*\.webm$/ }).waitFor()
        // The words it asked to be read first are the sample's, kept with the voice for a clone that reads its reference with them.
        expect(await page.getByLabel('What the sample says first').inputValue()).toBe('Good morning and welcome, today I want to tell you about something we made with care.')
        await page.getByLabel('Language', { exact: true }).click({ force: true })
        await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'English' }))
        await page.getByLabel('The speaker agreed').check()
        await page.getByRole('button', { name: 'Submit' }).click()
        // The clone listens to the take first: silence or a take too short would fail it, saying so.
        await expectSucceeded(page)

        await page.goto(`${product.url}/digital-human/sound-clone`)
        const row = page.getByRole('row', { name: /Recorded narrator/ })
        await row.waitFor()
        expect(await row.textContent()).toContain('Local voice, not a clone')
        expect(await axeViolations(page)).toEqual([])
      },
      'en-US',
      { microphone: join(media, 'microphone.wav') },
    ), 120_000)

  it('a merchant makes an avatar from a video it uploads, watching the clone move, and finds it said to be a loop and a still', () =>
    withSignedIn(product, 'merchant1', async (page) => {
      const settled = settler(page)
      await page.getByRole('link', { name: 'Clone an avatar' }).click()
      await page.waitForURL(/\/digital-human\/image-clone-new$/)
      // Opened inside the app, which networkidle does not see: a name typed before the form's settings arrive is lost.
      await settled()
      await page.getByLabel('Avatar name').fill('Shop host')
      await page.locator('input[type=file]').setInputFiles(join(media, 'me-talking.mp4'))
      await page.locator('.ant-select-selection-item', { hasText: 'me-talking.mp4' }).waitFor({ timeout: 30_000 })
      await page.getByLabel('The person filmed agreed').check()
      await page.getByRole('button', { name: 'Submit' }).click()
      await expectSucceeded(page)
      expect(await axeViolations(page)).toEqual([])

      await page.goto(`${product.url}/digital-human/image-clone`)
      const row = page.getByRole('row', { name: /Shop host/ })
      await row.waitFor()
      expect(await row.textContent()).toContain('Loop and still')
      expect(await row.textContent()).toContain('Local (a still and a loop, no lip sync)')
      expect(await row.locator('img').count()).toBe(1)
      expect(await axeViolations(page)).toEqual([])
    }, 'en-US', { at: '/digital-human/image-clone' }), 120_000)

  it('with them, the merchant creates a video in the wizard, watches it move, plays it, and finds it in my new works and in works', () =>
    withSignedIn(product, 'merchant1', async (page) => {
      const settled = settler(page)
      await page.goto(`${product.url}/digital-human/create-video`)
      await page.waitForLoadState('networkidle')
      await page.getByRole('region', { name: '1 · Who speaks' }).waitFor()
      await page.locator('.provider-status').getByText(/Video · Local render, no lip sync/).waitFor()
      await page.locator('#root_title').fill('Autumn arrivals')
      await pick(page, 'root_avatar_id', 'Shop host')
      // The shop's cloned voice is in the one list of voices, beside the synthesized ones.
      await page.getByLabel('Voice', { exact: true }).click({ force: true })
      await page.getByLabel('Voice', { exact: true }).fill('Shop')
      await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Shop narrator' }))
      // A script from the platform's library, found by its industry, then made the shop's own.
      await page.getByRole('button', { name: 'From the script library' }).click()
      const library = page.getByRole('dialog', { name: 'Script library' })
      // The dialog zooms in: a click aimed at its first frame lands elsewhere once it moves.
      await clickWhenSettled(library.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Industry' }) }))
      // Autumn coats is in the unfiltered list too: it counts once the list asked for by industry has come.
      const filtered = page.waitForResponse((r) => r.url().includes('/platform/script?') && r.url().includes('industry_id='))
      await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Clothing' }))
      await filtered
      await library.getByText('Autumn coats', { exact: true }).waitFor()
      expect(await library.getByText('Summer dresses').count()).toBe(0)
      await library.getByRole('button', { name: 'Use “Autumn coats”' }).click()
      await library.waitFor({ state: 'detached' })
      expect(await page.locator('#root_script').inputValue()).toBe('Welcome to our shop. Autumn is here, and so are our new coats.')
      await page.locator('#root_script').fill('Welcome to our shop. Autumn is here, and so are our new coats!')
      expect(await axeViolations(page)).toEqual([])
      await page.locator('.ant-select', { has: page.locator('#root_resolution') }).click()
      await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '480p' }))
      await page.getByRole('button', { name: 'Submit' }).click()

      const card = page.locator('.submitted-task .task-card')
      await card.waitFor()
      const seen = new Set<string>()
      for (const started = Date.now(); Date.now() - started < 90_000; await page.waitForTimeout(100)) {
        const status = await card.getAttribute('data-status')
        seen.add(status!)
        if (status === 'succeeded' || status === 'failed') break
      }
      expect([...seen]).toContain('succeeded')
      expect(await card.textContent()).toContain('Local render, no lip sync')
      const played = await card.locator('video').first().evaluate(async (video: HTMLVideoElement) => {
        video.muted = true
        await video.play()
        await new Promise((resolve) => setTimeout(resolve, 300))
        return { time: video.currentTime, length: video.duration, width: video.videoWidth }
      })
      expect(played.time).toBeGreaterThan(0)
      expect(played.length).toBeGreaterThan(3)
      expect(played.width).toBe(480)

      await page.getByRole('link', { name: 'All tasks: My new works' }).click()
      await page.waitForURL(/\/digital-human\/my-creation$/)
      await page.getByRole('heading', { name: 'My new works' }).waitFor()
      await page.locator('.task-card[data-status="succeeded"]', { hasText: 'Autumn arrivals' }).waitFor()
      await page.locator('a[href="/digital-human/create-video"]').waitFor()
      // One way to make another, in this page's menu group.
      expect(await page.locator('a[href="/digital-human/create-video"]').count()).toBe(1)
      await settled()
      expect(await axeViolations(page)).toEqual([])
      await page.goto(`${product.url}/digital-human/digital-video`)
      const row = page.getByRole('row', { name: /Autumn arrivals/ })
      await row.waitFor()
      expect(await row.textContent()).toContain('Local render, no lip sync')
    }), 180_000)

  it('the merchant saves the wizard as a template with variables, and makes two videos from it in one batch, one row typed and one pasted', () =>
    withSignedIn(product, 'merchant1', async (page) => {
      await page.waitForLoadState('networkidle')
      await page.locator('#root_title').fill('Hello {{name}}')
      await pick(page, 'root_avatar_id', 'Shop host')
      await page.locator('#root_script').fill('Hello {{name}}, your {{item}} is ready.')
      // The variables make a table of videos, one row to start with.
      const batch = page.locator('.batch-rows')
      await batch.getByText('1 video', { exact: true }).waitFor()
      expect(await batch.locator('th').allTextContents()).toEqual(expect.arrayContaining(['name', 'item']))

      await page.getByRole('button', { name: 'Save as template' }).click()
      const dialog = page.getByRole('dialog', { name: 'Save as template' })
      await dialog.getByLabel('Template name').fill('Pick-up notice')
      await clickWhenSettled(dialog.getByRole('button', { name: 'Save' }))
      await page.waitForURL(/\/digital-human\/create-video\?template=\d+$/)
      await page.getByText('From template “Pick-up notice”').waitFor()

      // A row left empty is named, and nothing is sent.
      await page.getByRole('button', { name: 'Submit 1 video' }).click()
      await page.getByText('Video 1 has no value for “name”').waitFor()
      await page.getByRole('button', { name: 'Paste rows' }).click()
      const paste = page.getByRole('dialog', { name: 'Paste rows' })
      await paste.getByLabel('Paste rows').fill('Ann\tcoat\nBob\tscarf')
      await clickWhenSettled(paste.getByRole('button', { name: 'Use these rows' }))
      await paste.waitFor({ state: 'hidden' })
      expect(await batch.getByLabel('name, video 2').inputValue()).toBe('Bob')
      await batch.getByLabel('item, video 2').fill('hat')
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole('button', { name: 'Submit 2 videos' }).click()
      await page.getByText('2 videos are queued').first().waitFor()

      await page.getByRole('link', { name: 'All tasks: My new works' }).click()
      await page.locator('.task-card', { hasText: 'Hello Ann' }).waitFor()
      await page.locator('.task-card', { hasText: 'Hello Bob' }).waitFor()

      // The templates list opens the form again from the template.
      await page.goto(`${product.url}/digital-human/video-template`)
      const row = page.getByRole('row', { name: /Pick-up notice/ })
      await row.waitFor()
      expect(await axeViolations(page)).toEqual([])
      await row.getByRole('link', { name: 'Make videos' }).click()
      await page.waitForURL(/\/digital-human\/create-video\?template=\d+$/)
      await page.getByText('From template “Pick-up notice”').waitFor()
      await expect.poll(() => page.locator('#root_script').inputValue()).toBe('Hello {{name}}, your {{item}} is ready.')
    }, 'en-US', { at: '/digital-human/create-video' }), 120_000)

  it('an HD clone says its limits and what is left before anything is sent: 15 s at least, no count left, and where more comes from', () =>
    withSignedIn(product, 'merchant1', async (page) => {
      await page.getByText(/at least 15 seconds, its shorter side at least 720 pixels/).waitFor()
      await page.locator('.task-cost-left', { hasText: 'You have 0 Advanced digital-human clones left' }).waitFor()
      const short = page.locator('.task-cost-short')
      await short.getByText('Not enough Advanced digital-human clones left for this').waitFor()
      await short.getByRole('link', { name: /Exchange balance for more in My assets/ }).click()
      await page.waitForURL(/\/account\/property$/)
    }, 'en-US', { at: '/digital-human/high-image-clone' }), 60_000)
})

/** Pick a record in a search-and-pick box by typing part of its title. */
async function pick(page: Page, inputId: string, title: string): Promise<void> {
  await searchAndChoose(page, inputId, title.slice(0, 4), title)
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0)
}

/**
 * The submitted task's card, once it has ended, says it succeeded; a failure is told with the reason
 * its card gives. A clone renders with ffmpeg beside other files' browsers and renders on two cores.
 */
async function expectSucceeded(page: Page): Promise<void> {
  const card = page.locator('.task-card[data-status="succeeded"], .task-card[data-status="failed"]').first()
  await card.waitFor({ timeout: 90_000 })
  expect(await card.getAttribute('data-status'), (await card.textContent()) ?? '').toBe('succeeded')
}
