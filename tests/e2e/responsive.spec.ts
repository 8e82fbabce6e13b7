import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { enUS } from '../../src/console/i18n/en-US'
import { zhCN } from '../../src/console/i18n/zh-CN'
import { settler } from './settle'
import { EVERY_VARIANT, walkRoutes } from './screens'
import { chooseMenuItem, clickWhenSettled, startProduct, withBrowser, withSignedIn, type Product } from './harness'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

/** A phone (antd's xs) and a tablet upright (antd's md, where the wide layout starts). */
const PHONE = 390
const TABLET = 768

/** Resolves after the next two frames are drawn: what a scroll or a resize moved has been laid out and painted. */
const twoFrames = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))

/**
 * Waits until the frame has taken its phone form after the window narrowed. It comes in two steps:
 * the stylesheets' media queries apply at once, and the sider gives way to the header's menu button
 * when React next renders, on the breakpoint antd reports. Measured between the two, a page is a
 * phone's stylesheet squeezed beside a desktop's sider.
 */
async function phoneFrame(page: Page, locale: 'zh-CN' | 'en-US'): Promise<void> {
  await page.getByRole('button', { name: (locale === 'zh-CN' ? zhCN : enUS)['menu.open']! }).waitFor()
  await expect.poll(() => page.locator('.ant-layout-sider').count()).toBe(0)
  await twoFrames(page)
}

/** How far the page scrolls sideways: 0 when it fits the window. */
const sideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - innerWidth)

/** The boxes of what is visible and matches `selector`. */
function boxes(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.filter((el) => el.checkVisibility()).map((el) => {
      const r = el.getBoundingClientRect()
      return { name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName, left: r.left, top: r.top, right: r.right, bottom: r.bottom }
    }),
  )
}

type Box = Awaited<ReturnType<typeof boxes>>[number]
const overlap = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5

describe('the console on a phone (390 px) and a tablet (768 px)', () => {
  // On a phone every page is measured by the walk over every page (accessibility.spec.ts, reflow);
  // here a tablet's window, on one page of each kind (npm run screens: both, on every page).
  for (const width of EVERY_VARIANT ? [PHONE, TABLET] : [TABLET]) {
    const everyPage = EVERY_VARIANT
    const what = everyPage ? 'every page, form and detail page an admin opens' : 'the pages of its own an admin opens, and a list with its form and detail pages'
    it(`never scrolls the page sideways at ${width} px: the login page, and ${what}`, async () => {
      // Pixels each page is wider than the window.
      const wide: Record<string, number> = {}
      /** How to measure the page shown, once it has settled. */
      const measurer = (page: Page) => {
        const settled = settler(page)
        return async () => {
          await settled()
          const extra = await sideways(page)
          if (extra > 0) wide[new URL(page.url()).pathname] = extra
        }
      }
      const viewport = { width, height: 860 }
      await withBrowser(async (page) => {
        const measure = measurer(page)
        await page.goto(`${product.url}/login`)
        await measure()
      }, 'en-US', { viewport })
      await withSignedIn(product, 'admin', async (page) => {
        // The page landed on loaded before the settler could count its requests.
        await page.waitForLoadState('networkidle')
        await walkRoutes(page, 'admin', { pages: everyPage ? 'every' : 'oneOfEachKind' }, measurer(page))
      }, 'en-US', { viewport })
      expect(wide).toEqual({})
    }, 300_000)
  }

  it('puts the menu in a drawer below 768 px, opened from the header; choosing a page opens it, closes the drawer and focuses its heading', () =>
    withSignedIn(product, 'admin', async (page) => {
      await page.setViewportSize({ width: PHONE, height: 860 })
      await page.locator('.ant-statistic').first().waitFor()
      expect(await page.locator('.ant-layout-sider').count()).toBe(0)
      await page.getByRole('button', { name: 'Open menu' }).click()
      const drawer = page.locator('.ant-drawer-content', { has: page.getByRole('navigation', { name: 'Main menu' }) })
      await drawer.waitFor()
      // The drawer slides in, and the group unfolds: each click once its motion has ended.
      await clickWhenSettled(drawer.getByRole('menuitem', { name: 'Domains' }))
      await clickWhenSettled(drawer.getByRole('menuitem', { name: 'Brand / domain list' }))
      await page.waitForURL(/\/domain\/domainList/)
      await drawer.waitFor({ state: 'hidden' })
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent), { timeout: 10_000 }).toBe('Brand / domain list')

      await page.setViewportSize({ width: TABLET, height: 860 })
      await page.locator('.ant-layout-sider').waitFor()
      expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0)
    }))

  it('keeps the header clear of the logo, and the logo letter inside its tile, at 390 and 768 px', () =>
    withSignedIn(product, 'admin', async (page) => {
      for (const width of [PHONE, TABLET]) {
        await page.setViewportSize({ width, height: 860 })
        await page.locator('.ant-statistic').first().waitFor()
        const logos = await boxes(page, 'a[href="/"]')
        const controls = await boxes(page, 'header button, header a:not([href="/"]), header [role="switch"], header .ant-segmented')
        expect(logos.length).toBe(1)
        expect(controls.length).toBeGreaterThan(1)
        for (const control of controls) expect(overlap(logos[0]!, control), `${control.name} over the logo at ${width} px`).toBe(false)
        const letter = await page.locator('a[href="/"] [aria-hidden]').first().evaluate((tile) => {
          const text = document.createRange()
          text.selectNodeContents(tile)
          const [t, b] = [text.getBoundingClientRect(), tile.getBoundingClientRect()]
          return t.top >= b.top && t.bottom <= b.bottom && t.left >= b.left && t.right <= b.right
        })
        expect(letter, `the logo letter at ${width} px`).toBe(true)
      }
    }))

  it('stacks the stat cards on a phone and keeps every stat label on one line, in both languages', async () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      await withSignedIn(product, 'admin', async (page) => {
        for (const width of [PHONE, TABLET]) {
          await page.setViewportSize({ width, height: 860 })
          await page.locator('.ant-statistic').first().waitFor()
          const titles = await page.locator('.ant-statistic-title').evaluateAll((els) =>
            els.map((el) => ({ text: el.textContent, lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)) })),
          )
          expect(titles.length).toBeGreaterThan(8)
          expect(titles.filter((t) => t.lines !== 1), `${locale} at ${width} px`).toEqual([])
          const cards = await boxes(page, '.ant-statistic')
          if (width === PHONE) expect(new Set(cards.map((c) => Math.round(c.left))).size, `one column at ${width} px`).toBe(1)
        }
      }, locale)
    }
  })

  it('scrolls a list too wide for a phone inside its own box, and says so', () =>
    withSignedIn(product, 'admin', async (page) => {
      const hint = page.getByText('Scroll sideways to see every column')
      await page.locator('.ant-table-row').first().waitFor()
      expect(await hint.count()).toBe(0)
      await page.setViewportSize({ width: PHONE, height: 860 })
      await hint.waitFor()
      const table = await page.locator('.resource-table .ant-table-content').evaluate((el) => ({ scrolls: el.scrollWidth > el.clientWidth, inWindow: el.getBoundingClientRect().right <= innerWidth }))
      expect(table).toEqual({ scrolls: true, inWindow: true })
      expect(await sideways(page)).toBeLessThanOrEqual(0)
    }, 'en-US', { viewport: { width: 1440, height: 860 }, at: '/domain/domainList' }))

  it("lets a list's actions scroll with its columns on a phone, where pinned they would cover most of them; pinned at 1440 px", () =>
    withSignedIn(product, 'admin', async (page) => {
      const pinned = () => page.locator('.resource-table th.column-actions').evaluate((th) => th.classList.contains('ant-table-cell-fix-right'))
      await page.getByRole('row', { name: /Demo partner/ }).waitFor()
      await expect.poll(pinned).toBe(true)
      await page.setViewportSize({ width: PHONE, height: 860 })
      await expect.poll(pinned).toBe(false)
      // The first columns are in sight, the actions at the end of the scroll.
      const content = page.locator('.resource-table .ant-table-content')
      const box = await content.evaluate((el) => el.getBoundingClientRect().right)
      expect(await page.locator('.resource-table th.column-username').evaluate((th) => th.getBoundingClientRect().right)).toBeLessThan(box)
      await content.evaluate((el) => (el.scrollLeft = el.scrollWidth))
      await expect.poll(() => page.locator('.resource-table th.column-actions').evaluate((th) => th.getBoundingClientRect().right)).toBeLessThanOrEqual(box + 1)
    }, 'en-US', { viewport: { width: 1440, height: 860 }, at: '/promotion/partner' }))

  it("shows the site's name in the menu drawer on two lines at most, cut with an ellipsis and whole in its title, in both languages", async () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      await withSignedIn(
        product,
        'admin',
        async (page) => {
          await page.setViewportSize({ width: PHONE, height: 860 })
          await page.locator('.ant-statistic').first().waitFor()
          await page.locator('header button').first().click()
          const name = page.locator('.menu-drawer .ant-drawer-title .console-title-name')
          await name.waitFor()
          const shown = await name.evaluate((el) => {
            const header = el.closest('.ant-drawer-header')!.getBoundingClientRect()
            const r = el.getBoundingClientRect()
            return {
              title: el.getAttribute('title'),
              text: el.textContent,
              inside: r.left >= header.left && r.right <= header.right,
              lines: Math.round(r.height / parseFloat(getComputedStyle(el).lineHeight)),
              clamp: getComputedStyle(el).webkitLineClamp,
              cutSideways: el.scrollWidth > el.clientWidth + 1,
            }
          })
          expect(shown).toEqual({ title: 'Short-video console (local)', text: 'Short-video console (local)', inside: true, lines: shown.lines, clamp: '2', cutSideways: false })
          expect(shown.lines).toBeLessThanOrEqual(2)
        },
        locale,
      )
    }
  })

  it('lays a form out in one column on a phone, each label above its field', () =>
    withSignedIn(product, 'admin', async (page) => {
      await page.locator('#root_host').waitFor()
      // The fields' own items: the form itself is an item too, around all of them.
      const items = await page.locator('form .ant-form-item').evaluateAll((els) =>
        els
          .filter((el) => el.querySelector(':scope > .ant-form-item-row > .ant-form-item-label label'))
          .map((el) => {
            const label = el.querySelector(':scope > .ant-form-item-row > .ant-form-item-label')!
            const control = el.querySelector(':scope > .ant-form-item-row > .ant-form-item-control')!
            const right = Math.max(...[control, ...control.querySelectorAll('*')].map((part) => part.getBoundingClientRect().right))
            return { label: label.textContent, left: Math.round(label.getBoundingClientRect().left), above: label.getBoundingClientRect().bottom <= control.getBoundingClientRect().top + 1, fits: right <= innerWidth }
          }),
      )
      expect(items.length).toBeGreaterThan(3)
      expect(new Set(items.map((item) => item.left)).size).toBe(1)
      expect(items.filter((item) => !item.above || !item.fits)).toEqual([])
    }, 'en-US', { viewport: { width: PHONE, height: 860 }, at: '/domain/domainList/create' }))

  it("keeps the menu and a task form's cost in sight as the long form scrolls at 1440 px, the menu scrolling on its own in a short window; stacked on a phone, the menu in a drawer", () =>
    withSignedIn(product, 'merchant1', async (page) => {
      const inWindow = (selector: string) =>
        page.locator(selector).first().evaluate((el) => {
          const r = el.getBoundingClientRect()
          return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 0.5
        })
      await page.locator('.task-summary').waitFor()
      // Measured once the form is whole and still: its widgets' code and options arrive after the summary
      // shows, and the menu unfolds the chosen page's group with a motion; both move what is measured.
      await page.waitForLoadState('networkidle')
      await settler(page)()
      await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight))
      await twoFrames(page)
      // The form is longer than the window, so the page did scroll.
      expect(await page.evaluate(() => scrollY)).toBeGreaterThan(300)
      expect(await inWindow('.ant-layout-sider')).toBe(true)
      expect(await inWindow('.ant-layout-sider .ant-menu-item-selected')).toBe(true)
      expect(await inWindow('.task-summary')).toBe(true)
      // Below the sticky header, not under it.
      const header = await page.locator('header').evaluate((el) => el.getBoundingClientRect().bottom)
      expect(await page.locator('.task-summary').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(header)

      // A window shorter than the menu: the menu scrolls inside the sider, its last entry reachable above the collapse button.
      await page.setViewportSize({ width: 1440, height: 360 })
      const menu = page.locator('.ant-layout-sider-children')
      await expect.poll(() => menu.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
      // Scrolled to its end (again, while the window's new size settles), the last entry clears the collapse button.
      const endClears = () =>
        menu.evaluate((el) => {
          el.scrollTop = el.scrollHeight
          const last = el.querySelector('.ant-menu-root > li:last-child')!.getBoundingClientRect().bottom
          return el.scrollTop > 0 && last <= document.querySelector('.ant-layout-sider-trigger')!.getBoundingClientRect().top + 0.5
        })
      await expect.poll(endClears).toBe(true)
      expect(await inWindow('.ant-layout-sider')).toBe(true)

      // A phone: no sider, the cost under the form, the menu in its drawer.
      await page.setViewportSize({ width: PHONE, height: 844 })
      await page.getByRole('button', { name: '打开菜单' }).waitFor()
      expect(await page.locator('.ant-layout-sider').count()).toBe(0)
      expect(await page.locator('.task-summary').evaluate((el) => getComputedStyle(el).position)).not.toBe('sticky')
      expect(await page.locator('.task-summary').evaluate((el) => el.closest('form') !== null)).toBe(true)
      expect(await sideways(page)).toBeLessThanOrEqual(0)
      await page.getByRole('button', { name: '打开菜单' }).click()
      await page.locator('.menu-drawer').getByRole('menuitem', { name: '智能剪辑/混剪' }).waitFor()
    }, 'zh-CN', { at: '/creation/clip', viewport: { width: 1440, height: 900 } }))

  it("puts the AI playground alert's button below its text on a phone, beside it on a wide screen", async () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      await withSignedIn(product, 'admin', async (page) => {
        const alert = page.getByRole('alert').filter({ has: page.locator('.ant-alert-action') })
        const layout = () =>
          alert.evaluate((el) => {
            const text = el.querySelector('.ant-alert-content')!.getBoundingClientRect()
            const button = el.querySelector('.ant-alert-action')!.getBoundingClientRect()
            return { below: button.top >= text.bottom, textShare: text.width / el.getBoundingClientRect().width, inside: button.right <= el.getBoundingClientRect().right }
          })
        await alert.waitFor()
        expect((await layout()).below).toBe(false)
        await page.setViewportSize({ width: PHONE, height: 844 })
        await phoneFrame(page, locale)
        await expect.poll(async () => (await layout()).below).toBe(true)
        const phone = await layout()
        // The text has the alert's width but for the icon, not a column beside the button.
        expect(phone.textShare).toBeGreaterThan(0.75)
        expect(phone.inside).toBe(true)
        expect(await sideways(page)).toBeLessThanOrEqual(0)
      }, locale, { at: '/ai-tool/playground', viewport: { width: 1440, height: 900 } })
    }
  })

  it("changes the language and theme and opens the page settings from the compact header's overflow menu", () =>
    withSignedIn(product, 'admin', async (page) => {
      await page.setViewportSize({ width: PHONE, height: 860 })
      await page.locator('.ant-statistic').first().waitFor()
      await page.getByRole('button', { name: 'More', exact: true }).click()
      await chooseMenuItem(page, '简体中文')
      await page.getByRole('heading', { name: '首页' }).waitFor()
      const background = () => page.evaluate(() => getComputedStyle(document.querySelector('.ant-layout')!).backgroundColor)
      const light = await background()
      await page.getByRole('button', { name: '更多', exact: true }).click()
      await chooseMenuItem(page, '暗黑模式')
      await expect.poll(background).not.toBe(light)
      await page.getByRole('button', { name: '更多', exact: true }).click()
      await chooseMenuItem(page, '页面配置')
      await page.locator('.ant-drawer-content', { hasText: '页面配置' }).waitFor()
    }))
})
