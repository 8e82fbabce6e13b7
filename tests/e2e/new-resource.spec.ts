import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { openSignedIn, ROOT, startProduct, type Product } from './harness'
import { copySchemas } from '../api/harness'
import { addNoteSchemas } from '../support/note-schemas'
import { searchAndChoose } from './page-actions'

let product: Product
beforeAll(async () => {
  const schemasDir = copySchemas()
  addNoteSchemas(schemasDir)
  product = await startProduct({ schemasDir })
  // Accounts for the roles the note screen is and is not for.
  const env = { ...process.env, DATA_DIR: product.dataDir, SCHEMAS_DIR: schemasDir, DATABASE_URL: '' }
  for (const args of [['--username', 'viewer', '--password', 'viewer password', '--role', 'agent', '--parent', 'partner']]) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/user-create.ts', ...args], { cwd: ROOT, env, encoding: 'utf8' })
    if (result.status !== 0) throw new Error(result.stdout + result.stderr)
  }
})
afterAll(() => product?.stop())

describe('a screen added as schema files only (entity, endpoints, resource)', () => {
  it('is in the menu for its roles, creates a record through its generated form, and lists it', async () => {
    const { page, close } = await openSignedIn(product, 'admin')
    try {
      // The menu is built afresh for the landing route; unfold a group only once it has settled.
      await page.locator('.ant-menu-item-selected').waitFor()
      await page.getByRole('menuitem', { name: 'Domains' }).click()
      await page.getByRole('menuitem', { name: 'Notes' }).click()
      await page.waitForURL(/\/domain\/notes/)
      await page.getByText('Nothing here yet').waitFor()
      await page.getByRole('button', { name: 'Create' }).click()
      await page.locator('#root_title').fill('x'.repeat(41))
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByText('Title must be at most 40 characters').waitFor()
      await page.locator('#root_title').fill('Written by the generated form')
      // site_id is an x-relation to domain: chosen by searching the domain list for its name.
      await searchAndChoose(page, 'root_site_id', 'studio', 'Demo studio')
      await page.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL(/\/domain\/notes(\?|$)/)
      const row = page.getByRole('row', { name: /Written by the generated form/ })
      await row.waitFor()
      expect(await row.getByText('Demo studio').count()).toBe(1)

      // Editing shows the chosen site by name before any search.
      await row.getByRole('link', { name: 'Edit' }).click()
      await page.locator('.ant-select-selection-item', { hasText: 'Demo studio' }).waitFor()
    } finally {
      await close()
    }
  })

  it('is not in the menu of a role it does not list', async () => {
    const { page, close } = await openSignedIn(product, { username: 'viewer', password: 'viewer password' })
    try {
      // An agent's menu is its own pages (spec §2), shown once it lands on its profile.
      await page.waitForURL(/\/user\/info$/)
      await page.locator('.ant-menu-item-selected').waitFor()
      expect(await page.getByRole('menuitem', { name: 'Notes' }).count()).toBe(0)
    } finally {
      await close()
    }
  })
})
