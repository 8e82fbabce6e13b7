import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runFfmpeg } from '../../src/server/media/run-ffmpeg'
import { axeViolations } from './axe'
import { settler } from './settle'
import { callApi, clickWhenSettled, startProduct, withSignedIn, type Product } from './harness'

let product: Product
let media: string

const CLIPS = { 'beach-sunrise.mp4': 'sunrise,beach', 'harbour-sunrise.mp4': 'sunrise,harbour', 'morning-coffee.mp4': 'coffee,breakfast' }

beforeAll(async () => {
  media = mkdtempSync(join(tmpdir(), 'console-topic-'))
  await Promise.all(
    Object.keys(CLIPS).map((name, i) => runFfmpeg(['-f', 'lavfi', '-i', `testsrc2=size=160x120:rate=25:duration=${4 + i}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(media, name)])),
  )
  product = await startProduct()
  const db = new SQLite(join(product.dataDir, 'console.sqlite'))
  const { id } = db.prepare('select id from account where username = ?').get('merchant1') as { id: number }
  db.prepare("insert into user_money_log (user_id, type, amount, balance_after, operator_id, related_type, related_id, remark, idempotency_key, created_at, updated_at) values (?, 'recharge', 1000, 1000, null, '', null, 'Opening top-up', null, ?, ?)").run(id, '2026-11-01T08:00:00.000Z', '2026-11-01T08:00:00.000Z')
  db.prepare('update account set money = 1000 where id = ?').run(id)
  db.close()
  // The platform's script library, as an administrator files it.
  const industry = await callApi<{ id: number }>(product, { username: 'admin' }, 'POST', '/platform/add_industry', { name: 'Cafés' })
  await callApi(product, { username: 'admin' }, 'POST', '/platform/add_script', { industry_id: industry.id, title: 'Good morning', content: 'The sunrise over the beach is beautiful. Start the day with a fresh coffee.' })
}, 120_000)
afterAll(async () => {
  await product?.stop()
  if (media) rmSync(media, { recursive: true, force: true })
})

describe('a video from a topic', () => {
  it('a merchant opens it from the workbench, learns the AI writer is off, takes a library script, and gets two distinct videos', () =>
    withSignedIn(product, 'merchant1', async (page) => {
      const settled = settler(page)
      // Its library: three clips, tagged as a person files them.
      await page.goto(`${product.url}/creation/resource`)
      await page.locator('.material-upload input[type=file]').setInputFiles(Object.keys(CLIPS).map((name) => join(media, name)))
      for (const name of Object.keys(CLIPS)) await page.locator('.material-upload-file', { hasText: name }).and(page.locator('[data-state="done"]')).waitFor({ timeout: 30_000 })
      const listed = await callApi<{ data: { id: number; name: string }[] }>(product, { username: 'merchant1' }, 'GET', '/material/list?page=1&limit=20')
      for (const material of listed.data) await callApi(product, { username: 'merchant1' }, 'POST', '/material/edit', { id: material.id, tags: CLIPS[material.name as keyof typeof CLIPS] })

      await page.goto(`${product.url}/dashboard/workBench`)
      await page.getByRole('button', { name: 'Video from a topic' }).click()
      await page.waitForURL(/\/dashboard\/to-create-video$/)
      await settled()
      // The writer is off, said above the form rather than hidden.
      await page.locator('.provider-status').getByText(/AI writer · cannot work now: No AI writer is set up/).waitFor()
      await page.locator('#root_title').fill('Good morning')
      // A topic sent with no writer is refused on the field that chose it, and nothing is made.
      await page.locator('#root_topic').fill('coffee')
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.locator('.ant-form-item-explain-error', { hasText: /No AI writer is set up/ }).waitFor()
      expect(await page.locator('.submitted-task').count()).toBe(0)

      await page.getByLabel('Script from').click({ force: true })
      await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'My own text or the script library' }))
      await page.locator('#root_topic').waitFor({ state: 'detached' })
      await page.getByRole('button', { name: 'From the script library' }).click()
      await page.getByRole('button', { name: 'Use “Good morning”' }).click()
      await expect.poll(() => page.locator('#root_script').inputValue()).toContain('The sunrise over the beach is beautiful.')
      await page.locator('#root_count').fill('2')
      await page.getByLabel('Voice', { exact: true }).click({ force: true })
      await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'English (local synthesis)' }))
      await page.getByLabel('Resolution').click({ force: true })
      await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '480p' }))
      // A transition is seen before it is chosen for good: ffmpeg's own making of it plays beside the field.
      await page.getByLabel('Transition', { exact: true }).click({ force: true })
      await page.getByLabel('Transition', { exact: true }).fill('Circle')
      await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Circle open' }))
      const preview = page.getByLabel('Preview of Circle open')
      await expect.poll(() => preview.evaluate((video: HTMLVideoElement) => (video.readyState >= 2 ? Math.round(video.duration * 10) / 10 : 0)), { timeout: 15_000 }).toBe(1.8)
      // Two videos under a minute, priced per started minute, as the server measured the script.
      const cost = page.locator('.task-summary .ant-statistic', { hasText: 'Cost estimate' })
      await expect.poll(() => cost.locator('.ant-statistic-content').textContent()).toBe('0.20CNY')
      expect(await axeViolations(page)).toEqual([])

      await page.getByRole('button', { name: 'Submit' }).click()
      const card = page.locator('.submitted-task .task-card')
      await card.waitFor()
      await expect.poll(() => card.getAttribute('data-status'), { timeout: 120_000 }).toBe('succeeded')
      await expect.poll(() => card.locator('video').count()).toBe(2)
      const works = await callApi<{ data: { title: string; kind: string }[] }>(product, { username: 'merchant1' }, 'GET', '/work/list?page=1&limit=20')
      expect(works.data.filter((w) => w.kind === 'topic_video').map((w) => w.title).sort()).toEqual(['Good morning #1', 'Good morning #2'])
    }),
  180_000)
})
