import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOGIN_COMPONENTS, UNSTYLED } from './antd-login-components'

const ROOT = resolve(__dirname, '..')
/** Where the entry starts the login page opened first (src/console/main.tsx imports it). */
const LOGIN_START = 'src/console/login-start.tsx'

/** The values a file imports from antd itself, by name (types aside). */
function antdImports(text: string): string[] {
  return [...text.matchAll(/^import\s+(?!type\b)\{([^}]*)\}\s+from\s+'antd'/gm)].flatMap(([, names]) =>
    names!
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '))
      .map((n) => n.split(/\s+as\s+/)[0]!),
  )
}

/** The project's files a file imports statically (not with import()), followed through. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  const text = readFileSync(join(ROOT, file), 'utf8')
  for (const [, from] of text.matchAll(/^import\s+(?!type\b)[^'"]*?['"](\.[^'"]+)['"]/gm)) {
    const base = join(dirname(file), from!)
    const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => /\.tsx?$/.test(f) && existsSync(join(ROOT, f)))
    if (found) staticClosure(found, seen)
  }
  return seen
}

describe('the part of antd’s pre-built styles the login page opened first links', () => {
  it('covers every antd component that page imports, dialogs (loaded on demand) aside', () => {
    const imported = new Set([...staticClosure(LOGIN_START)].flatMap((file) => antdImports(readFileSync(join(ROOT, file), 'utf8'))))
    expect(imported.size).toBeGreaterThan(3)
    const covered: readonly string[] = [...LOGIN_COMPONENTS, ...UNSTYLED]
    expect([...imported].filter((name) => !covered.includes(name))).toEqual([])
  })

  it('is drawn from a specimen of exactly the components listed', () => {
    const specimen = readFileSync(join(ROOT, 'scripts/antd-login-specimen.tsx'), 'utf8')
    expect(antdImports(specimen).sort()).toEqual([...LOGIN_COMPONENTS].sort())
  })
})
