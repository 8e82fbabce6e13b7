import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { readSchemaFiles } from '../load-files'
import type { SchemaFile } from '../types'
import { checkGenerated, isFresh } from './check-generated'
import { generate, type GeneratedFiles } from './generate'
import { writeGenerated } from './write-generated'

// Each test loads and checks the whole schemas/ tree (and most generate from it): seconds on a busy
// two-core machine. What is checked is what they make, not how fast (that is the benchmarks' business).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 })

const schemaFiles: SchemaFile[] = readSchemaFiles(resolve(__dirname, '../../../schemas'))
let files: GeneratedFiles
const temps: string[] = []

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'codegen-out-'))
  temps.push(dir)
  return dir
}

beforeAll(async () => {
  files = await generate({ files: schemaFiles })
})

afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('generate', () => {
  it('writes types.ts, client.ts, database.ts and catalogue.md, each carrying the banner', () => {
    expect([...files.keys()].sort()).toEqual(['catalogue.md', 'client.ts', 'database.ts', 'types.ts'])
    expect(files.get('catalogue.md')).toMatch(/^<!-- Generated from schemas\/ by `npm run codegen`/)
    expect(files.get('types.ts')).toMatch(/^\/\*\*\n \* Generated from schemas\/ by `npm run codegen`/)
    expect(files.get('database.ts')).toMatch(/^\/\*\*\n \* Generated from schemas\/ by `npm run codegen`/)
    expect(files.get('client.ts')).toMatch(/^\/\*\*\n \* Generated from schemas\/ by `npm run codegen`/)
  })

  it('is deterministic, whatever order the schema files are read in', async () => {
    const again = await generate({ files: [...schemaFiles].reverse() })
    expect([...again.keys()]).toEqual([...files.keys()])
    for (const [name, contents] of files) expect(again.get(name), name).toBe(contents)
    // A whole generation, as the file's setup makes one: seconds on a busy two-core machine.
  }, 30_000)
})

describe('checkGenerated', () => {
  it('passes right after writing, and names a stale, a missing and an extra file', () => {
    const out = tempDir()
    expect(writeGenerated(out, files).written).toHaveLength(4)
    expect(isFresh(checkGenerated(out, files))).toBe(true)

    writeFileSync(join(out, 'types.ts'), readFileSync(join(out, 'types.ts'), 'utf8').replace('host: string', 'host: number'))
    rmSync(join(out, 'client.ts'))
    writeFileSync(join(out, 'notes.md'), 'hand-written')
    const report = checkGenerated(out, files)
    expect(report).toEqual({ stale: ['types.ts'], missing: ['client.ts'], extra: ['notes.md'] })
    expect(isFresh(report)).toBe(false)

    rmSync(join(out, 'notes.md'))
    const written = writeGenerated(out, files)
    expect(written.written.sort()).toEqual(['client.ts', 'types.ts'])
    expect(written.unchanged.sort()).toEqual(['catalogue.md', 'database.ts'])
    expect(isFresh(checkGenerated(out, files))).toBe(true)
  })

  it('reports every file as missing when the folder does not exist', () => {
    expect(checkGenerated(join(tempDir(), 'absent'), files)).toEqual({ stale: [], missing: ['catalogue.md', 'client.ts', 'database.ts', 'types.ts'], extra: [] })
  })
})

describe('writeGenerated', () => {
  it('removes leftovers of an earlier codegen but never a file it did not write', () => {
    const out = tempDir()
    writeFileSync(join(out, 'old-client.ts'), files.get('client.ts')!)
    writeFileSync(join(out, 'notes.md'), 'hand-written')
    const report = writeGenerated(out, files)
    expect(report.removed).toEqual(['old-client.ts'])
    expect(report.foreign).toEqual(['notes.md'])
    expect(existsSync(join(out, 'old-client.ts'))).toBe(false)
    expect(readFileSync(join(out, 'notes.md'), 'utf8')).toBe('hand-written')
  })
})
