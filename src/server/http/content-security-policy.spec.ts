import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { consoleContentSecurityPolicy, inlineScriptsOf, scriptHash } from './content-security-policy'

describe('the console’s Content-Security-Policy', () => {
  it('allows index.html’s inline scripts by the hash of their exact text, and never a script by src', () => {
    const html = `<head><script>
      window.a = 1
    </script><script type="module" crossorigin src="/assets/index.js"></script><SCRIPT>b()</SCRIPT></head>`
    expect(inlineScriptsOf(html)).toEqual(['\n      window.a = 1\n    ', 'b()'])
    expect(scriptHash('b()')).toBe(`'sha256-${createHash('sha256').update('b()').digest('base64')}'`)
  })

  it('lets scripts run from this origin and those hashes only, and uploads go to the store’s origins', () => {
    const policy = consoleContentSecurityPolicy({ inlineScripts: ['b()'], uploadOrigins: ['https://media.s3.us-east-1.amazonaws.com'] })
    expect(policy['script-src']).toEqual(["'self'", scriptHash('b()')])
    expect(policy['connect-src']).toEqual(["'self'", 'https://media.s3.us-east-1.amazonaws.com'])
    expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'")
    expect(policy['frame-ancestors']).toEqual(["'none'"])
  })
})
