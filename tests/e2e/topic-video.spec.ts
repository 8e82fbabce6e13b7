import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { probeMedia } from '../../src/server/media/probe'
import { makeTestFont } from '../../src/server/media/test-media'
import { soundSpans } from '../support/media-checks'
import { axeViolations } from './axe'
import { settler } from './settle'
import { callApi, clickWhenSettled, startProduct, withSignedIn, type Product } from './harness'

let product: Product

type Output = { url: string; combination: string; lines: { start: number; end: number; text: string }[] }

beforeAll(async () => {
  // The first start of npm start: the demo's script library, and the platform's shared media library drawn by ffmpeg.
  product = await startProduct({ demoLibrary: true })
  const db = new SQLite(join(product.dataDir, 'console.sqlite'))
  const { id } = db.prepare('select id from account where username = ?').get('merchant1') as { id: number }
  db.prepare("insert into user_money_log (user_id, type, amount, balance_after, operator_id, related_type, related_id, remark, idempotency_key, created_at, updated_at) values (?, 'recharge', 1000, 1000, null, '', null, 'Opening top-up', null, ?, ?)").run(id, '2026-11-01T08:00:00.000Z', '2026-11-01T08:00:00.000Z')
  db.prepare('update account set money = 1000 where id = ?').run(id)
  db.close()
  // The server says when its library is drawn; the merchant then sees all of it as its own to use.
  for (let waited = 0; !/Demo library: 10 generated/.test(product.output()); waited += 500) {
    if (waited > 120_000) throw new Error(`The demo library was not made:\n${product.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  expect((await callApi<{ total: number }>(product, { username: 'merchant1' }, 'GET', '/material/list?page=1&limit=1&usable=true')).total).toBe(10)
  // A font the platform keeps in its library for everyone's subtitles.
  const font = join(product.dataDir, 'brand.ttf')
  await makeTestFont(font)
  const sent = new FormData()
  sent.append('name', 'Platform brand font')
  sent.append('file', new Blob([readFileSync(font)]), 'brand.ttf')
  const kept = await callApi<{ id: number }>(product, { username: 'admin' }, 'POST', '/material/upload', sent)
  await callApi(product, { username: 'admin' }, 'POST', '/material/edit', { id: kept.id, shared: true })
}, 150_000)
afterAll(async () => {
  await product?.stop()
})

describe('a video from a topic', () => {
  it('a merchant with nothing uploaded opens it from the workbench, learns the AI writer is off, takes a library script, and gets five distinct videos from the platform\'s library', () =>
    withSignedIn(product, 'merchant1', async (page) => {
      const settled = settler(page)
      await page.goto(`${product.url}/dashboard/workBench`)
      await page.getByRole('button', { name: 'Video from a topic' }).click()
      await page.waitForURL(/\/dashboard\/to-create-video$/)
      await settled()
      // The writer is off, said above the form rather than hidden.
      await page.locator('.provider-status').getByText(/AI writer · cannot work now: No AI writer is set up/).waitFor()
      await page.locator('#root_title').fill('A new day')
      // A topic sent with no writer is refused on the field that chose it, and nothing is made.
      await page.locator('#root_topic').fill('coffee')
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.locator('.ant-form-item-explain-error', { hasText: /No AI writer is set up/ }).waitFor()
      expect(await page.locator('.submitted-task').count()).toBe(0)

      await page.getByLabel('Script from').click({ force: true })
      await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'My own text or the script library' }))
      await page.locator('#root_topic').waitFor({ state: 'detached' })
      await page.getByRole('button', { name: 'From the script library' }).click()
      await page.getByRole('button', { name: 'Use “A new day in the city”' }).click()
      await expect.poll(() => page.locator('#root_script').inputValue()).toContain('The city wakes up slowly')
      await page.locator('#root_count').fill('5')
      // One list of voices: espeak-ng's for each language, said to be synthesized, and a variant of who seems to speak.
      await page.getByLabel('Voice', { exact: true }).click({ force: true })
      await page.getByLabel('Voice', { exact: true }).fill('America')
      await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'English (America) (local synthesis)' }))
      await page.getByRole('combobox', { name: 'Voice variant' }).click({ force: true })
      await page.getByRole('combobox', { name: 'Voice variant' }).fill('Annie')
      await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Annie (female)' }))
      // Heard at once, with one press: the voice chosen, at the form's speed and pitch.
      const spoken = page.waitForResponse((r) => r.url().includes('/voice_clone/speak?'))
      await page.getByRole('button', { name: 'Listen' }).click()
      const answer = await spoken
      expect(answer.status()).toBe(200)
      expect(answer.headers()['content-type']).toBe('audio/mpeg')
      expect(Object.fromEntries(new URL(answer.url()).searchParams)).toMatchObject({ voice: 'en-us+Annie', speed: '175', pitch: '50' })
      await page.getByRole('button', { name: 'Stop' }).waitFor()
      await page.getByLabel('Resolution').click({ force: true })
      await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '480p' }))
      // The music picker offers the platform's generated beds, each with its picture, length and owner.
      await page.getByLabel('Background music').click({ force: true })
      const bed = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Generated music: calm chords' })
      await bed.waitFor()
      expect(await bed.locator('.relation-option-facts').textContent()).toMatch(/^40 s · \d+(\.\d)? KB|MB/)
      await bed.locator('.relation-option-owner', { hasText: 'Shared by Platform' }).waitFor()
      await page.keyboard.press('Escape')
      // Subtitles in a font of the platform's library, seen in the list as a few characters drawn in it.
      await page.getByLabel('Font', { exact: true }).click({ force: true })
      const brand = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Platform brand font' })
      await brand.locator('.relation-option-owner', { hasText: 'Shared by Platform' }).waitFor()
      await expect.poll(() => brand.locator('img.font-option-sample').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320)
      expect(await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Noto Serif (serif)' }).count()).toBe(1)
      await clickWhenSettled(brand)
      await expect.poll(() => page.locator('.ant-select', { has: page.getByLabel('Font', { exact: true }) }).locator('.ant-select-selection-item').textContent()).toBe('Platform brand font')
      // A transition is seen before it is chosen for good: ffmpeg's own making of it plays beside the field.
      await page.getByLabel('Transition', { exact: true }).click({ force: true })
      await page.getByLabel('Transition', { exact: true }).fill('Circle')
      await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Circle open' }))
      const preview = page.getByLabel('Preview of Circle open')
      await expect.poll(() => preview.evaluate((video: HTMLVideoElement) => (video.readyState >= 2 ? Math.round(video.duration * 10) / 10 : 0)), { timeout: 15_000 }).toBe(1.8)
      // Five videos under a minute, priced per started minute, as the server measured the script.
      const cost = page.locator('.task-summary .ant-statistic', { hasText: 'Cost estimate' })
      await expect.poll(() => cost.locator('.ant-statistic-content').textContent()).toBe('0.50CNY')
      expect(await axeViolations(page)).toEqual([])

      await page.getByRole('button', { name: 'Submit' }).click()
      const card = page.locator('.submitted-task .task-card')
      await card.waitFor()
      await expect.poll(() => card.getAttribute('data-status'), { timeout: 240_000, interval: 1000 }).toBe('succeeded')
      await expect.poll(() => card.locator('video').count()).toBe(5)
      const works = await callApi<{ data: { title: string; kind: string }[] }>(product, { username: 'merchant1' }, 'GET', '/work/list?page=1&limit=20')
      expect(works.data.filter((w) => w.kind === 'topic_video').map((w) => w.title).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `A new day #${n}`))

      // Each video: about half a minute, its own choice of clips, the voice ending inside it as its last line does.
      const tasks = await callApi<{ data: { kind: string; result: { outputs: Output[]; unmatched: string[] } }[] }>(product, { username: 'merchant1' }, 'GET', '/task/list?page=1&limit=5')
      const result = tasks.data.find((task) => task.kind === 'topic_video')!.result
      expect(result.unmatched).toEqual([])
      expect(new Set(result.outputs.map((o) => o.combination)).size).toBe(5)
      // Each file read by ffmpeg side by side, then checked in turn.
      const measured = await Promise.all(result.outputs.map(async (output) => {
        const file = join(product.dataDir, 'uploads', output.url.replace('/uploads/', ''))
        const { duration } = await probeMedia(file)
        return { output, duration, spans: await soundSpans(file, duration, 0.15) }
      }))
      for (const { output, duration, spans } of measured) {
        expect(duration).toBeGreaterThan(25)
        expect(duration).toBeLessThan(35)
        const last = output.lines.at(-1)!
        expect(output.lines[0]!.start).toBe(0)
        output.lines.slice(1).forEach((line, i) => expect(line.start).toBeGreaterThanOrEqual(output.lines[i]!.end))
        // Every stretch of speech falls within a line's time, and every line is spoken: no subtitle waits on screen for its words.
        for (const span of spans) expect(output.lines.some((line) => span.start >= line.start - 0.1 && span.end <= line.end + 0.1), `${span.start}–${span.end}`).toBe(true)
        for (const line of output.lines) expect(spans.some((span) => span.start < line.end && span.end > line.start), line.text).toBe(true)
        expect(Math.abs(spans.at(-1)!.end - last.end)).toBeLessThan(0.35)
        expect(duration).toBeGreaterThan(last.end + 0.4)
      }
    }),
  300_000)

  it('the workbench then leads with making: where to start and what each count has left, the task just finished, and its videos by their covers', () =>
    withSignedIn(product, 'merchant1', async (page) => {
      const start = page.locator('.workbench-start')
      for (const kind of ['Video from a topic', 'Digital-human video', 'Smart clip', 'Mixed cut', 'Voice clone']) await start.getByRole('button', { name: kind }).waitFor()
      await start.getByText('Voice clones left: 0').waitFor()
      const task = page.locator('.workbench-tasks .ant-list-item', { hasText: 'A new day' })
      await task.getByText('Succeeded').waitFor()
      await task.getByText('Video from a topic').waitFor()
      const works = page.locator('.workbench-work')
      await expect.poll(() => works.count()).toBe(5)
      expect(await works.locator('img').count()).toBe(5)
      expect((await works.locator('.ant-typography').allTextContents()).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `A new day #${n}`))
      // Each cover drawn large enough to tell the videos apart.
      for (const height of await works.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getBoundingClientRect().height))) expect(height).toBe(160)
      // The five videos cost 0.50 and are done: spent, and nothing still held.
      const figure = (title: string) => page.locator('.ant-statistic', { hasText: title }).locator('.ant-statistic-content')
      await expect.poll(() => figure('Money out').textContent()).toBe('0.50CNY')
      expect(await figure('Reserved by running tasks').textContent()).toBe('0.00CNY')
      expect(await axeViolations(page)).toEqual([])
      await task.getByRole('link', { name: 'A new day' }).click()
      await page.waitForURL(/\/creation\/mixed-task$/)
      await page.locator('.task-card', { hasText: 'A new day' }).waitFor()
    }, 'en-US', { at: '/dashboard/workBench' }),
  60_000)
})
