import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM, CHROMIUM_ARGS, ROOT, startProduct } from '../e2e/harness'

export interface LighthouseFigures {
  /** Per run: the category scores (0–100) and the metrics behind performance, in ms (CLS unitless). */
  runs: { performance: number; accessibility: number; fcp: number; lcp: number; tbt: number; si: number; cls: number }[]
}

/**
 * Lighthouse's mobile run (its default: a mid-range phone, 4x slower CPU, slow 4G, all
 * simulated) of the login page of `npm start`'s build, in Debian's Chromium, a fresh
 * profile each run. Lighthouse scores vary run to run; the bench prints each.
 */
export async function measureLighthouse(runs = 3): Promise<LighthouseFigures> {
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('npm run build failed')
  const product = await startProduct()
  const figures: LighthouseFigures = { runs: [] }
  try {
    for (let i = 0; i < runs; i++) {
      const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'))
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS, userDataDir: profile, logLevel: 'silent' })
      try {
        const result = await lighthouse(`${product.url}/login`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] })
        if (!result) throw new Error('Lighthouse returned no result')
        const { categories, audits } = result.lhr
        const ms = (id: string) => Math.round(audits[id]?.numericValue ?? NaN)
        figures.runs.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          fcp: ms('first-contentful-paint'),
          lcp: ms('largest-contentful-paint'),
          tbt: ms('total-blocking-time'),
          si: ms('speed-index'),
          cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
        })
      } finally {
        await chrome.kill()
        rmSync(profile, { recursive: true, force: true })
      }
    }
  } finally {
    await product.stop()
  }
  return figures
}
