import type { Page } from 'playwright-core'

/**
 * Everything the page's Content-Security-Policy refuses from now on, each under the path the page
 * was at: the securitypolicyviolation events of the document shown and of every one it loads after,
 * and what the console and uncaught errors say of the policy.
 */
export async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = []
  const at = () => new URL(page.url()).pathname
  await page.exposeBinding('reportPolicyViolation', (_source, text: string) => void violations.push(`${at()}: ${text}`))
  const listen = () => {
    const own = window as unknown as { reportPolicyViolation(text: string): void; policyWatched?: boolean }
    if (own.policyWatched) return
    own.policyWatched = true
    document.addEventListener('securitypolicyviolation', (e) => own.reportPolicyViolation(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`))
  }
  await page.addInitScript(listen)
  // A page already open (a signed-in browser lands on one) is watched from now on too.
  if (page.url() !== 'about:blank') await page.evaluate(listen)
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${at()}: console: ${message.text()}`)
  })
  page.on('pageerror', (error) => {
    if (/EvalError|Content Security Policy/i.test(error.message)) violations.push(`${at()}: ${error.message}`)
  })
  return violations
}
