import type { Locator, Page } from 'playwright-core'
import { chooseMenuItem, clickWhenSettled } from './harness'

/** Opens a row's named action, whether it shows in the row or waits under "More". */
export async function rowAction(page: Page, rowText: RegExp, action: string): Promise<void> {
  const row = page.getByRole('row', { name: rowText })
  await row.waitFor()
  const inline = row.locator('.row-action-text', { hasText: new RegExp(`^${action}$`) })
  if (await inline.count()) return inline.click()
  await row.getByRole('button', { name: 'More' }).click()
  await chooseMenuItem(page, action, { exact: true })
}

/** Types into the generated form's fields, named as in the schema. */
export async function fillForm(page: Page, values: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(values)) await page.locator(`#root_${field}`).fill(value)
}

/** Picks an option of a generated form's select. */
export async function choose(page: Page, field: string, option: string): Promise<void> {
  await page.locator('.ant-select', { has: page.locator(`#root_${field}`) }).click()
  await clickWhenSettled(page.locator('.ant-select-item-option', { hasText: option }))
}

/**
 * Types `search` into the search-and-pick box `inputId` (a generated form's relation picker) and
 * picks `option` once the server has answered that search: until then the box shows the options
 * it had (the unfiltered list), and they move when the answer arrives, so a click aimed at one of
 * them lands elsewhere, or nowhere.
 */
export async function searchAndChoose(page: Page, inputId: string, search: string, option: string): Promise<void> {
  const answered = page.waitForResponse((response) => [...new URL(response.url()).searchParams.values()].some((value) => value.trim() === search.trim()))
  await page.locator(`#${inputId}`).click()
  await page.locator(`#${inputId}`).fill(search)
  await answered
  await clickWhenSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }))
}

/** A dashboard figure by its exact title. */
export function figure(page: Page, title: string): Locator {
  return page.locator('.ant-statistic', { has: page.locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }) })
}

/** The CSV the card list's Export button links to, read through the page's own session; the link opens in a new tab. */
export async function exportCsv(page: Page): Promise<{ url: string; rows: string[][] }> {
  await page.getByRole('button', { name: 'Export' }).click()
  const dialog = page.locator('.ant-modal', { hasText: 'File format' })
  await dialog.waitFor()
  // The link's ticket opens it once: the file is read as the browser's own request fetches it.
  const pattern = '**/api/v1/recharge_card/export_data?*'
  const read = new Promise<{ url: string; body: string }>((resolve) => {
    void page.context().route(pattern, async (route) => {
      const response = await route.fetch()
      const body = await response.text()
      await route.fulfill({ response, body })
      resolve({ url: route.request().url(), body })
    })
  })
  // The dialog zooms in: a click aimed at its first frame lands beside the button.
  await clickWhenSettled(dialog.getByRole('button', { name: 'Export' }))
  const { url, body } = await read
  await page.context().unroute(pattern)
  return { url, rows: body.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(',')) }
}

/** Open a screen from the side menu, unfolding its group first when it is folded. */
export async function openFromMenu(page: Page, group: string, screen: string): Promise<void> {
  // The menu is built afresh for the landing route; a group unfolded before that folds again.
  await page.locator('.ant-menu-item-selected').waitFor()
  // The group's title carries its icon's name as well.
  const entry = page.getByRole('menuitem', { name: screen, exact: true })
  const chosen = page.locator('.ant-menu-item-selected').getByText(screen, { exact: true })
  // On a busy machine a group can fold again as the menu settles: the click is made again until the screen is the chosen one.
  for (let attempt = 1; ; attempt++) {
    if (!(await entry.isVisible())) await page.getByRole('menuitem', { name: group }).click()
    await entry.click()
    const opened = await chosen.waitFor({ timeout: 5000 }).then(() => true, () => false)
    if (opened) return
    if (attempt === 3) throw new Error(`The menu did not open "${group} → ${screen}".`)
  }
}
