import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROLES } from '../../src/schema/types'
import { resourceAllows } from '../../src/console/providers/accessControlProvider'
import type { ThemeMode } from '../../src/console/theme/antd-theme'
import { enUS } from '../../src/console/i18n/en-US'
import { zhCN } from '../../src/console/i18n/zh-CN'
import { axeViolations } from './axe'
import { settler } from './settle'
import { createPathOf, firstRowLink, goTo, LOGINS, registry, routesFor } from './screens'
import { clickWhenSettled, openBrowser, signIn, startProduct, type Product } from './harness'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

/** Each theme once, each in one of the two languages. */
const THEMES: { mode: ThemeMode; locale: 'zh-CN' | 'en-US' }[] = [
  { mode: 'light', locale: 'zh-CN' },
  { mode: 'dark', locale: 'en-US' },
]

/** A browser that starts every page in the given theme, with the way to check the page it shows. */
async function openInTheme(mode: ThemeMode, locale: 'zh-CN' | 'en-US') {
  const browser = await openBrowser(locale)
  await browser.context.addInitScript((theme) => localStorage.setItem('console-theme', theme), mode)
  const settled = settler(browser.page)
  const found: Record<string, string[]> = {}
  /** What is wrong with the page shown, kept under its address: axe's findings, and any count of h1 but one. */
  const check = async () => {
    // Every page has a heading, which comes with its code; a page without one is reported below.
    await browser.page.locator('h1').first().waitFor({ timeout: 5_000 }).catch(() => undefined)
    await settled()
    const problems = await axeViolations(browser.page)
    const headings = await browser.page.locator('h1:visible').count()
    if (headings !== 1) problems.push(`${headings} visible h1 elements, where a page has one`)
    if (problems.length > 0) found[new URL(browser.page.url()).pathname] = problems
  }
  return { ...browser, check, found }
}

describe('no serious or critical axe-core findings, one h1 and a main landmark, on every page in both themes', () => {
  for (const { mode, locale } of THEMES) {
    it(`the login page, ${mode} (${locale})`, async () => {
      const { page, close, check, found } = await openInTheme(mode, locale)
      try {
        await page.goto(`${product.url}/login`)
        await check()
        expect(found).toEqual({})
      } finally {
        await close()
      }
    })

    for (const role of ROLES) {
      it(`every route ${role} may open, and the create, edit and detail pages of its lists, ${mode} (${locale})`, async () => {
        const { page, close, check, found } = await openInTheme(mode, locale)
        try {
          await signIn(page, product.url, LOGINS[role], product.logins[LOGINS[role]]!)
          const routes = routesFor(role)
          expect(routes.length).toBeGreaterThan(3)
          for (const route of routes) {
            await goTo(page, route.path)
            await check()
            if (!route.resource) continue
            const edit = resourceAllows(registry, route.resource, 'edit', role) ? await firstRowLink(page, '/edit/') : undefined
            const show = resourceAllows(registry, route.resource, 'show', role) ? await firstRowLink(page, '/show/') : undefined
            for (const path of [createPathOf(route, role), edit, show]) {
              if (!path) continue
              await goTo(page, path)
              await check()
            }
          }
          expect(found).toEqual({})
        } finally {
          await close()
        }
      }, 300_000)
    }
  }
})

describe('no serious or critical axe-core findings in the dialogs a person opens and on dashboards with a month of data', () => {
  let demo: Product
  beforeAll(async () => {
    demo = await startProduct({ demoMonth: true })
  }, 180_000)
  afterAll(() => demo?.stop())

  for (const { mode, locale } of THEMES) {
    const text = (key: string) => (locale === 'en-US' ? enUS : zhCN)[key]!

    it(`the register and forgot-password dialogs, ${mode} (${locale})`, async () => {
      const { page, close, check, found } = await openInTheme(mode, locale)
      try {
        await page.goto(`${demo.url}/login`)
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

    it(`the dashboards with their charts drawn, the user menu, and a delete confirmation, ${mode} (${locale})`, async () => {
      const { page, close, check, found } = await openInTheme(mode, locale)
      try {
        for (const role of ['admin', 'partner', 'merchant'] as const) {
          await signIn(page, demo.url, LOGINS[role], demo.logins[LOGINS[role]]!)
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
          await page.evaluate(() => localStorage.clear())
        }
        expect(found).toEqual({})
      } finally {
        await close()
      }
    }, 180_000)
  }
})
