import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi, clickWhenSettled, startProduct, withSignedIn, type Product } from './harness'

let product: Product
beforeAll(async () => {
  product = await startProduct()
  // Balances move through the ledger (src/server/ledger); here a top-up and a spend are put in place as it writes them.
  const db = new SQLite(join(product.dataDir, 'console.sqlite'))
  const { id } = db.prepare('select id from account where username = ?').get('merchant1') as { id: number }
  const log = db.prepare("insert into user_money_log (user_id, type, amount, balance_after, operator_id, related_type, related_id, remark, idempotency_key, created_at, updated_at) values (?, ?, ?, ?, null, '', null, ?, null, ?, ?)")
  log.run(id, 'recharge', 2000, 2000, 'Opening top-up', '2026-11-01T08:00:00.000Z', '2026-11-01T08:00:00.000Z')
  log.run(id, 'consume', -750, 1250, 'Clip task', '2026-11-02T08:00:00.000Z', '2026-11-02T08:00:00.000Z')
  db.prepare('update account set money = 1250, digital_voice_count = 3 where id = ?').run(id)
  db.close()
})
afterAll(() => product?.stop())

describe('my assets (spec §2 account/property)', () => {
  it('shows a merchant its balance in CNY, its quotas, and its own ledger, filtered by type', async () => {
    await withSignedIn(product, 'merchant1', async (page) => {
      const balance = page.locator('.ant-statistic', { hasText: 'Balance' })
      await balance.getByText('12.50').waitFor()
      expect(await balance.textContent()).toContain('CNY')
      expect(await page.locator('.ant-statistic', { hasText: 'Voice clones' }).textContent()).toContain('3')
      await page.getByRole('row', { name: /Opening top-up/ }).waitFor()
      expect(await page.getByRole('row', { name: /Clip task/ }).textContent()).toContain('-7.50')
      await page.locator('.ant-select', { has: page.locator('#type') }).click()
      await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Spent' }))
      await page.getByRole('button', { name: 'Search' }).click()
      await page.getByRole('row', { name: /Opening top-up/ }).waitFor({ state: 'detached' })
      await page.getByRole('row', { name: /Clip task/ }).waitFor()
    }, 'en-US', { at: '/account/property' })
  })

  it('shows the clone exchange ratios only while money_recharge_exchange_config lists 4', async () => {
    const admin = { username: 'admin' }
    await callApi(product, admin, 'POST', '/platform/set_config', { group: 'platform', values: { money_recharge_exchange_config: '1,4', digital_voice_money_exchange_num: 10 } })
    await withSignedIn(product, 'merchant1', async (page) => {
      await page.getByTestId('exchange-ratios').getByText('Voice clones: 1 CNY = 10').waitFor()
      // Exchanges whose number is 0 are off, so they have no ratio to show.
      expect(await page.getByTestId('exchange-ratios').textContent()).not.toContain('Digital-human')

      await callApi(product, admin, 'POST', '/platform/set_config', { group: 'platform', values: { money_recharge_exchange_config: '1,2,3' } })
      const settingsRead = page.waitForResponse((r) => r.url().includes('/platform/get_platform_config'))
      await page.reload()
      await settingsRead
      await page.locator('.ant-statistic', { hasText: 'Balance' }).getByText('12.50').waitFor()
      expect(await page.getByTestId('exchange-ratios').count()).toBe(0)
    }, 'en-US', { at: '/account/property' })
  })

  it('says in the exchange dialog, before anything is typed, what one CNY buys and which exchanges are closed, and starts on an open one', async () => {
    // From the test before: only voice clones are open, at 10 a CNY.
    await withSignedIn(product, 'merchant1', async (page) => {
      const voices = page.locator('.ant-statistic', { hasText: 'Voice clones' })
      await voices.getByText('3').waitFor()
      await page.getByRole('button', { name: 'Exchange balance' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByText('1 CNY of balance buys 10 voice clones. Only whole CNY are exchanged.').waitFor()
      await dialog.getByText('Not open now: Digital-human clones, Advanced digital-human clones.').waitFor()
      await expect.poll(() => dialog.locator('.ant-select-selection-item').first().textContent()).toBe('Voice clones')
      await dialog.locator('#root_yuan').fill('1')
      await dialog.getByRole('button', { name: 'Save' }).click()
      await voices.getByText('13').waitFor()
    }, 'en-US', { at: '/account/property' })
    await callApi(product, { username: 'admin' }, 'POST', '/platform/set_config', { group: 'platform', values: { money_recharge_exchange_config: '' } })
    await withSignedIn(product, 'merchant1', async (page) => {
      await page.getByRole('button', { name: 'Exchange balance' }).click()
      await page.getByRole('dialog').getByRole('alert').getByText(/^No exchange is open on this platform/).waitFor()
    }, 'en-US', { at: '/account/property' })
  })

  it('lists a merchant’s counts beside its money, the task a count paid for named by its title, in Chinese', async () => {
    // A recording as an upload leaves it; the voice clone made from it pays one count.
    const db = new SQLite(join(product.dataDir, 'console.sqlite'))
    const { id } = db.prepare('select id from account where username = ?').get('merchant1') as { id: number }
    const now = new Date().toISOString()
    const sample = db.prepare("insert into material (name, kind, url, storage_key, format, duration, audio_codec, owner_id, created_at, updated_at) values ('sample.m4a', 'audio', '/uploads/sample.m4a', 'e2e-sample.m4a', 'mov,mp4,m4a', 8, 'aac', ?, ?, ?)").run(id, now, now)
    db.close()
    await callApi(product, { username: 'merchant1' }, 'POST', '/task/submit_voice_clone', { name: '春季旁白', sample_material_id: Number(sample.lastInsertRowid), consent: true })
    await withSignedIn(product, 'merchant1', async (page) => {
      await page.getByRole('menuitem', { name: '次数明细' }).waitFor()
      await page.locator('.ant-statistic', { hasText: '声音克隆次数' }).waitFor()
      // Whether the clone has failed and given the count back by now or not, its cost is there, named by the task's title.
      const spent = page.getByRole('row', { name: /消费/ }).filter({ hasText: '任务「春季旁白」' })
      await spent.waitFor()
      expect(await spent.textContent()).toContain('声音克隆次数')
      expect(await page.locator('th.column-detail').textContent()).toBe('说明')
    }, 'zh-CN', { at: '/account/quota-log' })
  })

  it('is not shown to an agent, and its address sends one away', async () => {
    await withSignedIn(product, 'agent', async (page) => {
      await page.waitForURL((url) => !url.pathname.startsWith('/account/property'))
      expect(await page.getByRole('menuitem', { name: 'My assets' }).count()).toBe(0)
    }, 'en-US', { at: '/account/property' })
  })
})
