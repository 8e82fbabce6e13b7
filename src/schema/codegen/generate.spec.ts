import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatProblem, SchemaError } from '../SchemaError'
import { generate } from './generate'

// Each test loads and checks the whole schemas/ tree (and most generate from it): seconds on a busy
// two-core machine. What is checked is what they make, not how fast (that is the benchmarks' business).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 })

const SCHEMAS = resolve(__dirname, '../../../schemas')
const temps: string[] = []

/** A copy of schemas/ with extra files written into it (path under schemas/ → JSON). */
function schemasWith(extra: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'codegen-schemas-'))
  temps.push(dir)
  cpSync(SCHEMAS, dir, { recursive: true })
  for (const [path, json] of Object.entries(extra)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), JSON.stringify(json, null, 2))
  }
  return dir
}

async function problemsOf(schemasDir: string): Promise<string[]> {
  const error = await generate({ schemasDir }).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SchemaError)
  return (error as SchemaError).problems.map(formatProblem)
}

const NOTE = {
  $schema: '../meta/entity.schema.json',
  $id: 'note',
  title: 'Note',
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 64, 'x-label': { 'zh-CN': '标题', 'en-US': 'Title' } },
    body: { type: 'string', default: '' },
  },
  required: ['title'],
  additionalProperties: false,
}

const NOTE_ADD = { method: 'POST', path: '/note/add', summary: 'Add a note', roles: ['admin'], handler: 'create', entity: 'note' }

afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('generate from a schemas folder', () => {
  it('gives a new entity its type and a new endpoint its client function, with no code written by hand', async () => {
    const files = await generate({ schemasDir: schemasWith({ 'entities/note.json': NOTE, 'endpoints/note/add.json': NOTE_ADD }) })
    const types = files.get('types.ts')!
    const client = files.get('client.ts')!
    expect(types).toMatch(/export interface Note \{\n {2}id: number\n {2}title: string\n {2}body: string\n/)
    expect(types).toMatch(/export interface NoteAddBody \{\n {2}title: string\n {2}body\?: string\n\}/)
    expect(types).toContain('export type NoteAddResponse = Note\n')
    expect(client).toContain('  noteAdd: (body: types.NoteAddBody) => Promise<types.NoteAddResponse>\n')
    expect(client).toContain("  noteAdd: { id: 'note/add', method: 'POST', path: '/note/add', access: ['admin'] },\n")
  })

  it('refuses schema files with problems, listing them as schemas:check does', async () => {
    const problems = await problemsOf(schemasWith({ 'endpoints/note/add.json': NOTE_ADD }))
    expect(problems).toContainEqual(expect.stringMatching(/^schemas\/endpoints\/note\/add\.json#\/entity: names entity "note", which has no file/))
  })

  it('refuses two endpoints that would generate the same client function', async () => {
    const clash = { ...NOTE_ADD, path: '/domain_batch/del', handler: 'delete', entity: 'domain' }
    const problems = await problemsOf(schemasWith({ 'endpoints/domain_batch/del.json': clash }))
    expect(problems).toEqual([
      'schemas/endpoints/domain_batch/del.json: its client function name "domainBatchDel" is already taken by schemas/endpoints/domain/batch_del.json. Rename one of the files.',
      'schemas/endpoints/domain_batch/del.json: its generated type name "DomainBatchDelBody" is already taken by schemas/endpoints/domain/batch_del.json. Rename one of the files.',
      'schemas/endpoints/domain_batch/del.json: its generated type name "DomainBatchDelResponse" is already taken by schemas/endpoints/domain/batch_del.json. Rename one of the files.',
    ])
  })

  it('refuses an entity named like a helper type', async () => {
    const problems = await problemsOf(schemasWith({ 'entities/envelope.json': { ...NOTE, $id: 'envelope', title: 'Envelope' } }))
    expect(problems).toEqual(['schemas/entities/envelope.json: its generated type name "Envelope" is already taken by the generated helper types. Rename one of the files.'])
  })
})
