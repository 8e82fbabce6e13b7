import { randomBytes } from 'node:crypto'
import SQLite from 'better-sqlite3'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './axe'
import { searchAndChoose } from './page-actions'
import { settler } from './settle'
import { callApi, clickWhenSettled, startProduct, whenSettled, withBrowser, withSignedIn, type Product } from './harness'
import { makeTestVideo } from '../../src/server/media/test-media'
import { startDouyinContract, type DouyinContract } from '../support/douyin-contract'
import { startKuaishouContract, type KuaishouContract } from '../support/kuaishou-contract'

let product: Product
let douyin: DouyinContract
let kuaishou: KuaishouContract
const media = mkdtempSync(join(tmpdir(), 'matrix-e2e-'))

/** A finished video of merchant1's: a material uploaded and a smart clip made of it, as the creation pages do. */
async function makeWork(title: string): Promise<void> {
  const login = await fetch(`${product.url}/api/v1/platform/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'merchant1', password: product.logins.merchant1 }) })
  const { token } = ((await login.json()) as { data: { userinfo: { token: string } } }).data.userinfo
  const file = join(media, `${title}.mp4`)
  await makeTestVideo(file, { seconds: 2, width: 180, height: 320 })
  const form = new FormData()
  form.append('file', new Blob([readFileSync(file)]), `${title}.mp4`)
  const material = ((await (await fetch(`${product.url}/api/v1/material/upload`, { method: 'POST', headers: { token }, body: form })).json()) as { data: { id: number } }).data.id
  const task = await callApi<{ id: number }>(product, { username: 'merchant1' }, 'POST', '/task/submit_clip', { title, segments: [{ material_id: material }] })
  await expect.poll(async () => (await callApi<{ status: string }>(product, { username: 'merchant1' }, 'GET', `/task/detail?id=${task.id}`)).status, { timeout: 60_000 }).toBe('succeeded')
}

async function pick(page: Page, inputId: string, titles: string[]): Promise<void> {
  for (const title of titles) await searchAndChoose(page, inputId, title.slice(0, 4), title)
  await page.keyboard.press('Escape')
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0)
}

beforeAll(async () => {
  douyin = await startDouyinContract()
  kuaishou = await startKuaishouContract()
  // Production, as it runs: the key comes from the environment.
  product = await startProduct({ env: { TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'), TASK_EVERY_SECONDS: '2' } })
  await callApi(product, { username: 'admin' }, 'POST', '/platform/set_config', {
    group: 'publishing',
    values: { douyin_client_key: douyin.clientKey, douyin_client_secret: douyin.clientSecret, douyin_api_url: douyin.url, kuaishou_app_id: kuaishou.appId, kuaishou_app_secret: kuaishou.appSecret, kuaishou_api_url: kuaishou.url },
  })
  // The works are clips; on this platform they cost nothing.
  await callApi(product, { username: 'admin' }, 'POST', '/platform/set_config', { group: 'platform', values: { clip_output_cost: 0 } })
}, 120_000)
afterAll(async () => {
  rmSync(media, { recursive: true, force: true })
  await product?.stop()
  await douyin?.close()
  await kuaishou?.close()
})

describe('matrix distribution: accounts', () => {
  it('a merchant makes a link; its owner opens it signed out, authorizes Douyin and Kuaishou, and the accounts are on the merchant\'s list', async () => {
    let address = ''
    await withSignedIn(product, 'merchant1', async (page) => {
      await page.getByText('No data').or(page.getByRole('table')).first().waitFor()
      await page.getByRole('link', { name: 'Authorization links' }).click()
      await page.waitForURL(/\/matrix-distribution\/links(\?|$)/)
      // The accounts page stays on screen, its own Create button with it, until the links page has loaded.
      await page.getByRole('heading', { name: 'Authorization links' }).waitFor()
      await page.getByRole('button', { name: /New|Create/ }).first().click()
      await page.locator('#root_name').fill('Spring shops')
      await page.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL(/\/matrix-distribution\/links(\/show\/\d+)?(\?|$)/)
      await page.goto(`${product.url}/matrix-distribution/links`)
      const row = page.getByRole('row', { name: /Spring shops/ })
      await row.waitFor()
      address = (await row.getByRole('link', { name: /batchAuthorization/ }).getAttribute('href'))!
      expect(address).toMatch(/\/batchAuthorization\?link=\d+\.[A-Za-z0-9_-]{24}$/)
      expect(await axeViolations(page)).toEqual([])
    }, 'en-US', { at: '/matrix-distribution/authorization' })

    await withBrowser(async (page) => {
      await page.goto(address)
      await page.getByRole('heading', { name: 'Authorize your short-video accounts' }).waitFor()
      await page.getByText(/asks you to authorize your accounts/).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole('button', { name: 'Authorize a Douyin account' }).click()
      // The contract's authorization page agrees at once and sends the browser back.
      await page.getByRole('status').getByText('Douyin account "Tea shop 茶铺" is authorized').waitFor()
      expect(new URL(page.url()).search).toMatch(/^\?link=[^&]+$/)
      await page.getByRole('button', { name: 'Authorize a Kuaishou account' }).click()
      await page.getByRole('status').getByText('Kuaishou account "快手茶铺" is authorized').waitFor()
    }, 'en-US')

    await withSignedIn(product, 'merchant1', async (page) => {
      await page.getByRole('row', { name: /Tea shop 茶铺/ }).getByText('Authorized').waitFor()
      await page.getByRole('row', { name: /快手茶铺/ }).getByText('Kuaishou').waitFor()
    }, 'en-US', { at: '/matrix-distribution/authorization' })
  })

  it('the merchant plans two works onto both accounts; the posts go out as tasks, their states and figures live on Video data', async () => {
    douyin.startingFigures = { play_count: 1200, digg_count: 30, comment_count: 4, share_count: 2 }
    await makeWork('Morning tea')
    await makeWork('Cold brew')
    await withSignedIn(product, 'merchant1', async (page) => {
      // From a work in the list of works: the plan starts with it chosen.
      const settled = settler(page)
      await page.getByRole('row', { name: /Morning tea/ }).getByRole('link', { name: 'Send to a release plan' }).click()
      await page.waitForURL(/\/release-plan\/create\?work_ids=\d+$/)
      // Opened inside the app, which networkidle does not see.
      await settled()
      await page.locator('.ant-select', { has: page.locator('#root_work_ids') }).locator('.ant-select-selection-item', { hasText: 'Morning tea' }).waitFor()
      await page.locator('#root_name').fill('Spring launch')
      await pick(page, 'root_work_ids', ['Cold brew'])
      await pick(page, 'root_account_ids', ['Tea shop 茶铺', '快手茶铺'])
      await page.locator('#root_interval_minutes').fill('10')
      await page.locator('#root_titles').fill('Tea for two\nA cup at dawn')
      await page.locator('#root_topics').fill('tea')
      // Slots a day back have passed: the posts go at once. The time is typed and confirmed with Enter, which saves
      // nothing (a person may still be filling the form in); Save does.
      const start = new Date(Date.now() - 86_400_000)
      const pad = (n: number) => String(n).padStart(2, '0')
      await page.locator('#root_start_at').click()
      await page.locator('#root_start_at').fill(`${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())} ${pad(start.getHours())}:${pad(start.getMinutes())}:00`)
      await page.keyboard.press('Enter')
      await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0)
      expect(page.url()).toMatch(/\/release-plan\/create\?/)
      await page.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL(/\/release-plan(\/show\/\d+)?(\?|$)/)
      await page.goto(`${product.url}/matrix-distribution/release-plan`)
      const plan = page.getByRole('row', { name: /Spring launch/ })
      await plan.waitFor()
      await plan.getByRole('link', { name: 'Posts' }).click()
      await page.waitForURL(/\/video-data\?plan_id=\d+/)
      // Four posts, each a task: they reach the platforms while the page watches.
      await expect.poll(() => douyin.posts.length + kuaishou.posts.length, { timeout: 60_000 }).toBe(4).catch(async (error: Error) => {
        // Where the posts stand, to say why they have not all reached the platforms.
        const posts = await callApi<{ data: { status: string; scheduled_at: string; error: string; task_id: number | null }[] }>(product, { username: 'merchant1' }, 'GET', '/release_post/list?limit=100')
        throw new Error(`${error.message}\nposts: ${JSON.stringify(posts.data)}\nstarted at ${start.toISOString()}`)
      })
      await expect.poll(() => page.getByRole('row').filter({ hasText: /Published/ }).count(), { timeout: 60_000 }).toBe(4)
      expect(await page.getByRole('row').filter({ hasText: /Douyin.*1,200/ }).count()).toBe(2)
      expect(douyin.posts.map((p) => p.title).sort()).toEqual(['A cup at dawn #tea', 'Tea for two #tea'])
      // The chart above the list adds them up by plan, following the posts as they change, with no refresh.
      const byPlan = page.getByRole('region', { name: 'Views, likes, comments and shares by plan' })
      // Posts, views, likes, comments, shares: Douyin's two posts started at 1,200 views each, Kuaishou's at none.
      await expect.poll(() => byPlan.getByRole('row', { name: /Spring launch/ }).getByRole('cell').allTextContents(), { timeout: 30_000 }).toEqual(['4', '2,400', '60', '8', '4'])
      expect(await axeViolations(page)).toEqual([])
    }, 'en-US', { at: '/digital-human/digital-video' })
  }, 180_000)

  it('a plan is paused, resumed and cancelled from its own page, each button shown only while it applies', async () => {
    await makeWork('Green tea')
    const work = (await callApi<{ data: { id: number; title: string }[] }>(product, { username: 'merchant1' }, 'GET', '/work/list?title=Green%20tea')).data[0]!
    const account = (await callApi<{ data: { id: number; nickname: string }[] }>(product, { username: 'merchant1' }, 'GET', '/platform/get_account?limit=100')).data.find((a) => a.nickname === 'Tea shop 茶铺')!
    const plan = await callApi<{ id: number }>(product, { username: 'merchant1' }, 'POST', '/release_plan/add', { name: 'Next week', start_at: new Date(Date.now() + 7 * 86_400_000).toISOString(), work_ids: [work.id], account_ids: [account.id] })
    await withSignedIn(product, 'merchant1', async (page) => {
      const status = page.locator('.ant-descriptions-row', { has: page.locator('th', { hasText: /^Status$/ }) }).locator('.ant-descriptions-item-content')
      await status.getByText('Running').waitFor()
      expect(await page.getByRole('button', { name: 'Resume' }).count()).toBe(0)
      // Nothing to ask, so no form: Pause and Resume act at once; cancelling asks first, naming the plan.
      await page.getByRole('button', { name: 'Pause' }).click()
      await status.getByText('Paused').waitFor()
      expect(await page.getByRole('button', { name: 'Pause' }).count()).toBe(0)
      await page.getByRole('button', { name: 'Resume' }).click()
      await status.getByText('Running').waitFor()
      await page.getByRole('button', { name: 'Cancel plan' }).click()
      const confirm = page.getByRole('dialog', { name: 'Cancel plan · Next week' })
      await confirm.getByText('Cancel plan: are you sure? This is applied at once.').waitFor()
      await clickWhenSettled(confirm.getByRole('button', { name: 'Confirm' }))
      await status.getByText('Cancelled').waitFor()
      expect(await page.getByRole('button', { name: /Pause|Resume|Cancel plan/ }).count()).toBe(0)
      await page.getByRole('link', { name: 'Posts' }).click()
      await page.waitForURL(new RegExp(`/video-data\\?plan_id=${plan.id}$`))
      expect(await axeViolations(page)).toEqual([])
    }, 'en-US', { at: `/matrix-distribution/release-plan/show/${plan.id}` })
  }, 120_000)

  it("a plan's More menu in the list runs an action from anywhere on its item, past its words, and from the keyboard", async () => {
    const work = (await callApi<{ data: { id: number }[] }>(product, { username: 'merchant1' }, 'GET', '/work/list?title=Green%20tea')).data[0]!
    // The one pairing of a work and an account not planned yet.
    const account = (await callApi<{ data: { id: number; nickname: string }[] }>(product, { username: 'merchant1' }, 'GET', '/platform/get_account?limit=100')).data.find((a) => a.nickname === '快手茶铺')!
    await callApi(product, { username: 'merchant1' }, 'POST', '/release_plan/add', { name: 'Summer sale', start_at: new Date(Date.now() + 7 * 86_400_000).toISOString(), work_ids: [work.id], account_ids: [account.id] })
    await withSignedIn(product, 'merchant1', async (page) => {
      const row = (name: string) => page.getByRole('row', { name: new RegExp(name) })
      await row('Summer sale').getByText('Running').waitFor()
      await row('Summer sale').getByRole('button', { name: 'More' }).click()
      const pause = page.getByRole('menuitem', { name: 'Pause' })
      await whenSettled(pause)
      const item = (await pause.boundingBox())!
      const wordsEnd = await pause.locator('.ant-dropdown-menu-title-content').evaluate((el) => {
        const words = document.createRange()
        words.selectNodeContents(el)
        return words.getBoundingClientRect().right
      })
      const x = item.x + item.width - 4
      expect(x).toBeGreaterThan(wordsEnd + 8)
      await page.mouse.click(x, item.y + item.height / 2)
      await row('Summer sale').getByText('Paused').waitFor()

      // Enter opens the menu on its first item; the arrow moves on, and Enter runs the one reached.
      await row('Summer sale').getByRole('button', { name: 'More' }).focus()
      await page.keyboard.press('Enter')
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('role') === 'menuitem' && document.activeElement.textContent)
      await expect.poll(focused).toBe('Resume')
      await page.keyboard.press('ArrowDown')
      await expect.poll(focused).toBe('Cancel plan')
      await page.keyboard.press('Enter')
      const confirm = page.getByRole('dialog', { name: 'Cancel plan · Summer sale' })
      await clickWhenSettled(confirm.getByRole('button', { name: 'Confirm' }))
      await row('Summer sale').getByText('Cancelled').waitFor()
    }, 'en-US', { at: '/matrix-distribution/release-plan', viewport: { width: 1440, height: 900 } })
  })

  it('a link opened after it was revoked says so, in Chinese too', async () => {
    const link = await callApi<{ id: number; code: string }>(product, { username: 'merchant1' }, 'POST', '/authorization_link/add', { name: 'Old link' })
    await callApi(product, { username: 'merchant1' }, 'POST', '/authorization_link/revoke', { id: link.id })
    await withBrowser(async (page) => {
      await page.goto(`${product.url}/batchAuthorization?link=${link.code}`)
      await page.getByText('商户已撤销该授权链接，请向其索取新链接。').waitFor()
    }, 'zh-CN')
  })

  it('while Kuaishou is not set up, the link form says so before it is filled in and starts with Douyin alone, and a link\'s page offers only Douyin', async () => {
    const link = await callApi<{ id: number; code: string }>(product, { username: 'merchant1' }, 'POST', '/authorization_link/add', { name: 'Before the change' })
    await callApi(product, { username: 'admin' }, 'POST', '/platform/set_config', { group: 'publishing', values: { kuaishou_app_id: '' } })
    try {
      await withSignedIn(product, 'merchant1', async (page) => {
        await page.getByRole('alert').getByText(/^Kuaishou cannot be authorized yet: the platform has not set up its app there/).waitFor()
        expect([await page.getByRole('checkbox', { name: 'Douyin' }).isChecked(), await page.getByRole('checkbox', { name: 'Kuaishou' }).isChecked()]).toEqual([true, false])
        await page.locator('#root_name').fill('Douyin shops')
        await page.getByRole('button', { name: 'Save' }).click()
        await page.waitForURL(/\/matrix-distribution\/links(\/show\/\d+)?(\?|$)/)
      }, 'en-US', { at: '/matrix-distribution/links/create' })
      const made = await callApi<{ data: { name: string; platforms: string[] }[] }>(product, { username: 'merchant1' }, 'GET', '/authorization_link/list?name=Douyin%20shops')
      expect(made.data.map((l) => l.platforms)).toEqual([['douyin']])
      await withBrowser(async (page) => {
        await page.goto(`${product.url}/batchAuthorization?link=${link.code}`)
        await page.getByRole('button', { name: 'Authorize a Douyin account' }).waitFor()
        expect(await page.getByRole('button', { name: 'Authorize a Kuaishou account' }).count()).toBe(0)
      }, 'en-US')
    } finally {
      await callApi(product, { username: 'admin' }, 'POST', '/platform/set_config', { group: 'publishing', values: { kuaishou_app_id: kuaishou.appId } })
    }
  })
  it('an account the platform no longer accepts is said first on the workbench, in Chinese too, with the way to authorize it again', async () => {
    // As a refused renewal leaves it (src/server/matrix): the owner must authorize it again.
    const db = new SQLite(join(product.dataDir, 'console.sqlite'))
    const lost = () => db.prepare("update platform_account set status = 'reauthorize', problem = 'access_token expired' where nickname = ?").run('快手茶铺')
    const back = () => db.prepare("update platform_account set status = 'authorized', problem = '' where nickname = ?").run('快手茶铺')
    lost()
    try {
      await withSignedIn(product, 'merchant1', async (page) => {
        const alert = page.getByRole('alert').filter({ hasText: '1 个平台账号需要重新授权后才能发布' })
        await alert.getByText('快手茶铺').waitFor()
        await alert.getByRole('link', { name: '查看账号' }).click()
        await page.waitForURL(/\/matrix-distribution\/authorization$/)
        await page.getByRole('row', { name: /快手茶铺/ }).getByText('需重新授权').waitFor()
      }, 'zh-CN', { at: '/dashboard/workBench' })
    } finally {
      back()
      db.close()
    }
  })
})
