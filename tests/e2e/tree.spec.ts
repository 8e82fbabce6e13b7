import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startProduct, withSignedIn, type Product } from './harness'

let product: Product

/** The demo world (admin › partner › merchant1, merchant2, agent), plus a second partner with a shop and 120 more merchants under the demo partner. */
beforeAll(async () => {
  product = await startProduct()
  const admin = await login('admin')
  await call(admin, '/provider_service/add', { username: 'west', password: 'west-partner-pw', name: 'West partner', mobile: '13700000001' })
  const west = await login('west', 'west-partner-pw')
  await call(west, '/provider_service/add_by_service', { username: 'west-shop', password: 'west-shop-pw-1', name: 'West shop', mobile: '13812340000' })
  const merchant1 = (await call<{ data: { id: number }[] }>(admin, '/provider_service/merchant', { username: 'merchant1' }, 'GET')).data[0]!
  await call(admin, '/provider_service/edit_by_service', { id: merchant1.id, mobile: '13812345678' })
  // Enough merchants for the demo partner's branch to come a page at a time, put in place as the API would (path = the parent's path + id).
  const db = new SQLite(join(product.dataDir, 'console.sqlite'))
  const partner = db.prepare("select id, path from account where username = 'partner'").get() as { id: number; path: string }
  const now = new Date().toISOString()
  const insert = db.prepare("insert into account (username, name, mobile, user_type, status, parent_id, path, created_at, updated_at) values (?, ?, '', 2, 1, ?, '/', ?, ?)")
  db.transaction(() => {
    for (let i = 1; i <= 120; i++) insert.run(`bulk-${i}`, `Bulk shop ${i}`, partner.id, now, now)
  })()
  db.prepare("update account set path = ? || id || '/' where path = '/'").run(partner.path)
  db.close()
})
afterAll(() => product?.stop())

async function login(username: string, password = product.logins[username]!): Promise<string> {
  return (await call<{ userinfo: { token: string } }>('', '/platform/login', { username, password })).userinfo.token
}

async function call<T = unknown>(token: string, path: string, body: Record<string, unknown>, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const url = new URL(`${product.url}/api/v1${path}`)
  if (method === 'GET') for (const [k, v] of Object.entries(body)) url.searchParams.set(k, String(v))
  const res = await fetch(url, {
    method,
    headers: { platform: 'pc', token, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  })
  const envelope = (await res.json()) as { code: number; msg: string; data: T }
  if (envelope.code !== 1) throw new Error(`${path}: ${envelope.msg}`)
  return envelope.data
}

const account = (page: Page, username: string) => page.locator(`[data-account="${username}"]`)
const row = (page: Page, username: string) => page.locator('.ant-tree-treenode', { has: account(page, username) })
const open = (page: Page, username: string) => row(page, username).locator('.ant-tree-switcher').click()

describe('relation tree (spec §2 /promotion/tree)', () => {
  it('lets an admin open the tree down to a merchant under a partner, a page of children at a time', async () => {
    await withSignedIn(product, 'admin', async (page) => {
      // The admin is the only top-level account, so it opens by itself: its partners are in sight.
      await account(page, 'partner').waitFor()
      await account(page, 'west').waitFor()
      expect(await row(page, 'admin').textContent()).toContain('Administrator')
      expect(await account(page, 'merchant1').count()).toBe(0)
      await open(page, 'partner')
      await account(page, 'merchant1').waitFor()
      const merchant = await row(page, 'merchant1').textContent()
      expect(merchant).toContain('Demo merchant 1 / merchant1')
      expect(merchant).toContain('Merchant')
      expect(merchant).toContain('13812345678')
      expect(await row(page, 'partner').textContent()).toContain('123 below')
      // 100 of the 123 came; the rest behind "load more", at the end of the branch.
      const more = page.getByRole('button', { name: 'Load more (23 left)' })
      await page.locator('.ant-tree-list-holder').evaluate((list) => (list.scrollTop = list.scrollHeight))
      await more.click()
      // The last 23 arrive below the rows in sight: scroll once they are there.
      await page.getByRole('button', { name: /Load more/ }).waitFor({ state: 'detached' })
      await page.locator('.ant-tree-list-holder').evaluate((list) => (list.scrollTop = list.scrollHeight))
      await account(page, 'bulk-120').waitFor()
      // Only the rows in sight are drawn.
      expect(await page.locator('.ant-tree-treenode').count()).toBeLessThan(60)
    }, 'en-US', { at: '/promotion/tree' })
  })

  it('opens the tree down to the account a mobile number finds, and only the way to it', async () => {
    await withSignedIn(product, 'admin', async (page) => {
      await account(page, 'partner').waitFor()
      await page.getByPlaceholder('Name, username or mobile').fill('1381234')
      await page.getByText('2 found').waitFor()
      // Both matches, under their partners, each marked; their siblings are not in the way.
      await page.locator('mark', { hasText: 'merchant1' }).waitFor()
      await page.locator('mark', { hasText: 'west-shop' }).waitFor()
      for (const username of ['admin', 'partner', 'west']) await account(page, username).waitFor()
      expect(await account(page, 'merchant2').count()).toBe(0)
      expect(await account(page, 'bulk-1').count()).toBe(0)
      await page.getByPlaceholder('Name, username or mobile').fill('no such account')
      await page.getByText('No account matches "no such account"').waitFor()
      // Clearing the search brings the whole tree back.
      await page.getByPlaceholder('Name, username or mobile').fill('')
      await account(page, 'west').waitFor()
    }, 'en-US', { at: '/promotion/tree' })
  })

  it("shows a partner only its own subtree, in Chinese too, and finds nothing outside it", async () => {
    await withSignedIn(
      product,
      'partner',
      async (page) => {
        await account(page, 'merchant1').waitFor()
        await page.getByRole('menuitem', { name: '关系树' }).waitFor()
        expect(await row(page, 'partner').textContent()).toContain('服务商')
        expect(await account(page, 'admin').count()).toBe(0)
        expect(await account(page, 'west').count()).toBe(0)
        await page.getByPlaceholder('名称、用户名或手机号').fill('1381234')
        await page.getByText('找到 1 个账号').waitFor()
        await page.locator('mark', { hasText: 'merchant1' }).waitFor()
        expect(await account(page, 'west-shop').count()).toBe(0)
        await page.getByPlaceholder('名称、用户名或手机号').fill('west')
        await page.getByText('没有与“west”匹配的账号').waitFor()
      },
      'zh-CN',
      { at: '/promotion/tree' },
    )
  })

  it('keeps each account on one line at 390 px, in both languages: the count and the tags whole, a long name cut with its title, nothing wider than the page', async () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      await withSignedIn(
        product,
        'admin',
        async (page) => {
          await account(page, 'partner').waitFor()
          await open(page, 'partner')
          await account(page, 'merchant1').waitFor()
          const rows = await page.locator('.relation-tree-account').evaluateAll((accounts) =>
            accounts.map((el) => {
              const line = parseFloat(getComputedStyle(el).lineHeight) || 22
              const whole = [...el.querySelectorAll<HTMLElement>('.relation-tree-fixed')].map((part) => ({ text: part.textContent, height: part.getBoundingClientRect().height, cut: part.scrollWidth > part.clientWidth }))
              const name = el.querySelector<HTMLElement>('.relation-tree-name')!
              return {
                account: el.getAttribute('data-account'),
                oneLine: el.getBoundingClientRect().height <= line * 1.5,
                whole: whole.every((part) => !part.cut && part.height <= line * 1.5),
                nameTitled: name.getAttribute('title') === name.textContent,
                inside: el.getBoundingClientRect().right <= innerWidth,
              }
            }),
          )
          expect(rows.length).toBeGreaterThan(4)
          expect(rows.filter((r) => !r.oneLine || !r.whole || !r.nameTitled || !r.inside), locale).toEqual([])
          // The count is whole: "123 below", "下级 123".
          expect(await row(page, 'partner').locator('.relation-tree-count').innerText()).toBe(locale === 'en-US' ? '123 below' : '下级 123')
          // The partner's long name gives way to its tags and count.
          expect(await row(page, 'partner').locator('.relation-tree-name').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
          expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - innerWidth)).toBeLessThanOrEqual(0)
        },
        locale,
        { viewport: { width: 390, height: 844 }, at: '/promotion/tree' },
      )
    }
  })

  it('is not there for a merchant, and its address sends one away', async () => {
    await withSignedIn(product, 'merchant1', async (page) => {
      await page.waitForURL((url) => !url.pathname.startsWith('/promotion/tree'))
      expect(await page.getByRole('menuitem', { name: 'Relation tree' }).count()).toBe(0)
    }, 'en-US', { at: '/promotion/tree' })
  })
})
