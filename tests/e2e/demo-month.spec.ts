import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startProduct, withSignedIn, type Product } from './harness'
import { figure } from './page-actions'

let product: Product
beforeAll(async () => {
  product = await startProduct({ demoMonth: true })
})
afterAll(() => product?.stop())

/** The points a line of the money chart draws above zero: one per day with money moving that way. */
async function daysWithMoney(page: Page, line: 'in' | 'out'): Promise<number> {
  const curve = page.locator('.recharts-line').nth(line === 'in' ? 0 : 1).locator('path.recharts-curve')
  const d = (await curve.getAttribute('d')) ?? ''
  const ys = [...d.matchAll(/[ML]\s*[\d.]+,\s*([\d.]+)/g)].map((m) => Number(m[1]))
  const baseline = Math.max(...ys)
  return ys.filter((y) => y < baseline).length
}

describe('npm start on an empty database: the dashboards have a month to show at first sight', () => {
  it('shows the admin money moving on many days, new accounts, orders and cards, never the empty state', async () => {
    await withSignedIn(product, 'admin', async (page) => {
      await page.waitForURL(/\/home\/index$/)
      await figure(page, 'Partners').getByText('2').waitFor()
      expect(await figure(page, 'Awaiting payment').textContent()).toContain('1')
      expect(await figure(page, 'Cards issued').textContent()).toContain('40')
      await page.locator('.recharts-line').first().waitFor()
      expect(await page.getByText('Nothing happened in these dates').count()).toBe(0)
      expect(await daysWithMoney(page, 'in')).toBeGreaterThanOrEqual(15)
      expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThanOrEqual(8)
      // The axes' words are filled in a text colour with no outline, which drew them bold and smudged.
      const ticks = await page.locator('.recharts-cartesian-axis-tick-value').evaluateAll((words) => words.map((w) => [getComputedStyle(w).stroke, getComputedStyle(w).fill]))
      expect(ticks.length).toBeGreaterThan(10)
      for (const [stroke, fill] of ticks) expect([stroke, fill]).toEqual(['none', ticks[0]![1]])
      expect(ticks[0]![1]).toMatch(/^rgba\(0, 0, 0, 0\.56\)$/)
    })
  })

  it("shows the demo partner's workbench its branch's month", async () => {
    await withSignedIn(product, 'partner', async (page) => {
      await page.waitForURL(/\/dashboard\/workBench$/)
      await figure(page, 'Merchants').getByText('5').waitFor()
      await page.locator('.recharts-line').first().waitFor()
      expect(await page.getByText('Nothing happened in these dates').count()).toBe(0)
      expect(await daysWithMoney(page, 'out')).toBeGreaterThanOrEqual(8)
    })
  })
})
