import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, openContext, ROOT, signIn } from './harness'
import { copySchemas } from '../api/harness'

let dev: ChildProcess
let output = ''
let url = ''
let schemasDir = ''
let dataDir = ''

beforeAll(async () => {
  schemasDir = copySchemas()
  dataDir = mkdtempSync(join(tmpdir(), 'console-dev-'))
  const [port, apiPort] = [await freePort(), await freePort()]
  url = `http://127.0.0.1:${port}`
  // Its own process group, so stopping it stops the API it runs under tsx watch too.
  dev = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, PORT: String(port), API_PORT: String(apiPort), HOST: '127.0.0.1', DATA_DIR: dataDir, SCHEMAS_DIR: schemasDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  dev.stdout!.on('data', (d) => (output += d))
  dev.stderr!.on('data', (d) => (output += d))
  const started = Date.now()
  while (!(/Console dev server/.test(output) && /agent\s+\S+\s+\S+/.test(output))) {
    if (dev.exitCode !== null || Date.now() - started > 90_000) throw new Error(`npm run dev did not come up:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}, 120_000)

afterAll(() => {
  if (dev?.pid) {
    try {
      process.kill(-dev.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(schemasDir, { recursive: true, force: true })
})

describe('npm run dev', () => {
  it('shows a label edited in a schema file in the open browser, without restarting anything', async () => {
    const { page, close } = await openContext('en-US')
    try {
      const admin = output.match(/^\s+admin\s+admin\s+(\S+)$/m)![1]!
      await signIn(page, url, 'admin', admin)
      // The menu is built afresh for the landing route; unfold a group only once it has settled.
      await page.locator('.ant-menu-item-selected').waitFor({ timeout: 60_000 })
      await page.getByRole('menuitem', { name: 'Domains' }).click()
      await page.getByRole('menuitem', { name: 'Brand / domain list' }).click()
      await page.waitForURL(/\/domain\/domainList/)
      const pid = dev.pid

      const file = join(schemasDir, 'resources/domain.json')
      const resource = JSON.parse(readFileSync(file, 'utf8'))
      resource.label['en-US'] = 'Sites and brands'
      writeFileSync(file, JSON.stringify(resource, null, 2))

      await page.getByRole('menuitem', { name: 'Sites and brands' }).waitFor({ timeout: 60_000 })
      expect(dev.exitCode).toBeNull()
      expect(dev.pid).toBe(pid)
      expect(page.url()).toMatch(/\/domain\/domainList/)
    } finally {
      await close()
    }
  }, 150_000)
})
