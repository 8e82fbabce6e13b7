import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clickWhenSettled, openSignedIn, startProduct, type Product } from './harness'
import { searchAndChoose } from './page-actions'

let product: Product
beforeAll(async () => {
  product = await startProduct()
})
afterAll(() => product?.stop())

describe('industries and scripts, from their schema files alone', () => {
  it('lets an admin add an industry, file a script under it by name, and filter scripts by industry', async () => {
    const { page, close } = await openSignedIn(product, 'admin')
    try {
      // The home page has settled (its figures are in) before the menu is used.
      await page.locator('.ant-statistic').first().waitFor()
      await page.getByRole('menuitem', { name: 'Settings center' }).click()
      await clickWhenSettled(page.getByRole('menuitem', { name: 'Industries' }))
      await page.waitForURL(/\/account\/industry/)
      // The page shows once its code has loaded: until then the previous page stays up.
      await page.getByText('Nothing here yet').waitFor()
      for (const name of ['Catering', 'Beauty']) {
        await page.getByRole('button', { name: 'Create' }).click()
        await page.locator('#root_name').fill(name)
        await page.getByRole('button', { name: 'Save' }).click()
        await page.getByRole('row', { name: new RegExp(name) }).waitFor()
      }

      await page.getByRole('menuitem', { name: 'Scripts' }).click()
      await page.waitForURL(/\/account\/script/)
      await page.getByText('Nothing here yet').waitFor()
      await page.getByRole('button', { name: 'Create' }).click()
      await searchAndChoose(page, 'root_industry_id', 'cater', 'Catering')
      await page.locator('#root_title').fill('Lunch special')
      await page.locator('#root_content').fill('Open with the steam rising from the bowl.')
      await page.getByRole('button', { name: 'Save' }).click()
      const row = page.getByRole('row', { name: /Lunch special/ })
      await row.waitFor()
      expect(await row.getByText('Catering').count()).toBe(1)

      // The industry filter is a choice by name too.
      const industryFilter = page.locator('.ant-select', { has: page.locator('#industry_id') })
      await industryFilter.click()
      await page.locator('.ant-select-item-option', { hasText: 'Beauty' }).click()
      await page.getByRole('button', { name: 'Search' }).click()
      await page.getByText('Nothing matches these filters').waitFor()
      await industryFilter.click()
      await page.locator('.ant-select-item-option', { hasText: 'Catering' }).click()
      await page.getByRole('button', { name: 'Search' }).click()
      await page.getByRole('row', { name: /Lunch special/ }).waitFor()
    } finally {
      await close()
    }
  })
})
