import axe from 'axe-core'
import type { Page } from 'playwright-core'

/**
 * Rules whose findings fail a page whatever their impact: axe rates a page without a main
 * landmark or an h1 "moderate", and every page of the console has both.
 */
const ALWAYS = ['landmark-one-main', 'page-has-heading-one']

/**
 * What axe-core finds wrong with the page as it is now: every serious or critical violation,
 * and those of ALWAYS, one line per rule and element, with axe's own account of it.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a script tag: the console's CSP refuses inline scripts, as it should.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  return page.evaluate(async (always) => {
    const { axe: inPage } = window as unknown as { axe: typeof axe }
    const { violations } = await inPage.run(document, { resultTypes: ['violations'] })
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical' || always.includes(v.id))
      .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}: ${(node.failureSummary ?? v.help).replace(/\s+/g, ' ')}`))
  }, ALWAYS)
}
