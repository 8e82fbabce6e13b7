import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROLES, type Role } from '../../src/schema/types'
import type { ThemeMode } from '../../src/console/theme/antd-theme'
import { enUS } from '../../src/console/i18n/en-US'
import { zhCN } from '../../src/console/i18n/zh-CN'
import { axeViolations } from './axe'
import { settler } from './settle'
import { watchViolations } from './policy-violations'
import { EVERY_VARIANT, goTo, hasPagesOfItsOwn, LOGINS, routesFirstOpenedBy, routesFor, walkRoutes } from './screens'
import { clickWhenSettled, openContext, openSignedIn, startProduct, type Product } from './harness'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

/**
 * Each theme once, each in one of the two languages. The first is the one every page is walked in,
 * on a phone's window, in the language whose words are longer: there a page that reflows (WCAG
 * 1.4.10) shows everything without scrolling sideways. The other walks one page of each kind at a
 * desktop's width.
 */
const THEMES: { mode: ThemeMode; locale: 'zh-CN' | 'en-US'; viewport?: { width: number; height: number } }[] = [
  { mode: 'light', locale: 'en-US', viewport: { width: 390, height: 860 } },
  { mode: 'dark', locale: 'zh-CN' },
]

/**
 * A browser that starts every page in the given theme, signed in as `signedIn` if given, with the
 * way to check the page it shows.
 */
async function openInTheme(mode: ThemeMode, locale: 'zh-CN' | 'en-US', signedIn?: { product: Product; role: Role }, viewport?: { width: number; height: number }) {
  const browser = signedIn
    ? await openSignedIn(signedIn.product, LOGINS[signedIn.role], locale, { storage: { 'console-theme': mode }, viewport })
    : await openContext(locale, { viewport })
  if (!signedIn) await browser.context.addInitScript((theme) => localStorage.setItem('console-theme', theme), mode)
  // The page the account landed on loaded before the settler below could count its requests.
  else await browser.page.waitForLoadState('networkidle')
  const settled = settler(browser.page)
  const refused = await watchViolations(browser.page)
  const found: Record<string, string[]> = {}
  /**
   * What is wrong with the page shown, kept under its address: axe's findings, any count of h1 but
   * one, scrolling sideways in a phone's window, and what the Content-Security-Policy refused while
   * it loaded and drew.
   */
  const check = async () => {
    // Every page has a heading, which comes with its code; a page without one is reported below.
    await browser.page.locator('h1').first().waitFor({ timeout: 5_000 }).catch(() => undefined)
    const problems = await settled.reading(() => axeViolations(browser.page))
    const headings = await browser.page.locator('h1:visible').count()
    if (headings !== 1) problems.push(`${headings} visible h1 elements, where a page has one`)
    if (viewport) {
      const sideways = await browser.page.evaluate(() => document.scrollingElement!.scrollWidth - innerWidth)
      if (sideways > 0) problems.push(`scrolls sideways by ${sideways} px in a window ${viewport.width} px wide`)
    }
    problems.push(...refused.splice(0).map((violation) => `Content-Security-Policy: ${violation}`))
    if (problems.length > 0) found[new URL(browser.page.url()).pathname] = problems
  }
  return { ...browser, check, found }
}

describe('no serious or critical axe-core findings, one h1, a main landmark, no sideways scrolling on a phone and nothing the Content-Security-Policy refuses, on every page in one theme and on each kind of page in the other', () => {
  for (const [index, { mode, locale, viewport }] of THEMES.entries()) {
    // Every page in the first theme, each by the first role in ROLES that may open it; in the other, the
    // pages a theme can change: one of each kind (npm run screens: every page of every role, in both).
    const pages = EVERY_VARIANT ? 'every' : index === 0 ? 'unseen' : 'oneOfEachKind'

    const variant = `${mode} (${locale}${viewport ? `, ${viewport.width} px` : ''})`
    const text = (key: string) => (locale === 'en-US' ? enUS : zhCN)[key]!
    it(`the login page, and its register and forgot-password dialogs, ${variant}`, async () => {
      const { page, close, check, found } = await openInTheme(mode, locale, undefined, viewport)
      try {
        await page.goto(`${product.url}/login`)
        await check()
        // The dialogs over the page just checked: each is checked open, then closed.
        for (const opener of ['login.register', 'login.forgot']) {
          await page.getByText(text(opener), { exact: true }).click()
          const dialog = page.getByRole('dialog')
          await dialog.waitFor()
          await check()
          await page.keyboard.press('Escape')
          await dialog.waitFor({ state: 'detached' })
        }
        expect(found).toEqual({})
      } finally {
        await close()
      }
    })

    for (const role of ROLES) {
      if (pages === 'unseen' && routesFirstOpenedBy(role).length === 0) continue
      if (pages === 'oneOfEachKind' && !hasPagesOfItsOwn(role)) continue
      const what = {
        every: `every route ${role} may open, and the create, edit and detail pages of its lists`,
        unseen: `every route ${role} may open and no role before it may, and the create, edit and detail pages of its lists`,
        oneOfEachKind: role === ROLES[0] ? `one page of each kind ${role} opens: its own pages, and a list with its create, edit and detail pages` : `the pages of its own ${role} opens and no role before it does`,
      }[pages]
      it(`${what}, ${variant}`, async () => {
        const { page, close, check, found } = await openInTheme(mode, locale, { product, role }, viewport)
        try {
          expect(routesFor(role).length).toBeGreaterThan(3)
          await walkRoutes(page, role, { pages }, check)
          expect(found).toEqual({})
        } finally {
          await close()
        }
      }, 300_000)
    }
  }
})

describe('no serious or critical axe-core findings in the menus and confirmations a person opens on dashboards with a month of data', () => {
  let demo: Product
  beforeAll(async () => {
    demo = await startProduct({ demoMonth: true })
  }, 180_000)
  afterAll(() => demo?.stop())

  for (const { mode, locale } of THEMES) {
    const text = (key: string) => (locale === 'en-US' ? enUS : zhCN)[key]!

    it(`the dashboards with their charts drawn, the user menu, and a delete confirmation, ${mode} (${locale})`, async () => {
      const found: Record<string, string[]> = {}
      for (const role of ['admin', 'partner', 'merchant'] as const) {
        const { page, close, check, found: foundHere } = await openInTheme(mode, locale, { product: demo, role })
        try {
          await page.locator('.recharts-line').first().waitFor()
          await check()
          // The account menu: the header button carrying the signed-in user's name.
          await page.locator('header .ant-dropdown-trigger').last().click()
          await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu').waitFor()
          await check()
          await page.keyboard.press('Escape')
          if (role === 'admin') {
            await goTo(page, '/domain/domainList')
            await page.locator('.ant-table-row').first().getByRole('button', { name: text('buttons.delete') }).click()
            await page.locator('.ant-modal-confirm').waitFor()
            await check()
            // antd spaces a two-character Chinese button's word (取 消).
            await clickWhenSettled(page.locator('.ant-modal-confirm-btns button').first())
            await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' })
          }
        } finally {
          await close()
        }
        for (const [path, problems] of Object.entries(foundHere)) found[`${role} ${path}`] = problems
      }
      expect(found).toEqual({})
    }, 180_000)
  }
})
