import axe from 'axe-core'
import type { Page } from 'playwright-core'

/**
 * Rules whose findings fail a page whatever their impact: axe rates a page without a main
 * landmark or an h1 "moderate", and every page of the console has both.
 */
const ALWAYS = ['landmark-one-main', 'page-has-heading-one']

/**
 * What axe-core finds wrong with the page once its motion has settled: every serious or critical
 * violation, and those of ALWAYS, one line per rule and element, with axe's own account of it.
 * A dialog caught while fading out is still in the page at a few percent opacity, and axe would
 * judge its text's contrast against the page behind it.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const found = await runAxe(page)
  // Motion can start after the page looked still: a form's Save button, enabled as its validators
  // arrive, fades from grey over 0.2 s, and on a busy machine axe may read it mid-fade. A finding
  // counts if axe makes it again once that motion has ended; one it makes on a still page always does.
  return found.length === 0 ? found : runAxe(page)
}

async function runAxe(page: Page): Promise<string[]> {
  await page.evaluate(settled)
  // Evaluated, not added as a script tag: the console's CSP refuses inline scripts, as it should.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  return page.evaluate(async (always) => {
    const { axe: inPage } = window as unknown as { axe: typeof axe }
    // An element leaving (a toast whose time is up, a closing dialog) is fading on its way out of
    // the page: its text is not what anyone reads, and motion may start it after settled() looked.
    const leaving = [...document.querySelectorAll('[class*="-leave"]')].filter((element) => /(^|\s)\S+-leave(\s|$)/.test(element.getAttribute('class') ?? ''))
    const { violations } = await inPage.run(leaving.length ? { exclude: leaving } : document, { resultTypes: ['violations'] })
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical' || always.includes(v.id))
      .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}: ${(node.failureSummary ?? v.help).replace(/\s+/g, ' ')}`))
  }, ALWAYS)
}

/** Resolves once no antd motion is appearing, entering or leaving and every finite animation has ended (at most 5 s). */
async function settled(): Promise<void> {
  const until = Date.now() + 5000
  const moving = () =>
    [...document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]')].some((element) =>
      /(^|\s)\S+-(appear|enter|leave)(\s|$)/.test(element.getAttribute('class') ?? ''),
    )
  while (moving() && Date.now() < until) await new Promise(requestAnimationFrame)
  const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
  await Promise.race([
    Promise.allSettled(finite.map((animation) => animation.finished)),
    new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now()))),
  ])
}
