import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { checkSchemas } from './schemas-check'
import { makeMigration } from './migrations-make'
import { addNoteSchemas } from '../tests/support/note-schemas'

// Reading the server's handler names loads every server module once: more than the default second on a busy machine.
vi.setConfig({ testTimeout: 60_000 })

/** The steps schemas/README.md walks through ("The worked example, end to end"), in a copy of schemas/, each check's answer read as a person reads it. */
describe('the schemas walkthrough', () => {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-walkthrough-'))
  cpSync('schemas', dir, { recursive: true })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const check = () => {
    const errors: string[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)))
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    try {
      return { passed: checkSchemas(dir), said: errors.join('\n') }
    } finally {
      spy.mockRestore()
      log.mockRestore()
    }
  }
  const edit = (path: string, change: (json: Record<string, any>) => void) => {
    const json = JSON.parse(readFileSync(join(dir, path), 'utf8')) as Record<string, any>
    change(json)
    writeFileSync(join(dir, path), JSON.stringify(json, null, 2))
  }

  it('1. a screen: the check asks for its table\'s migration by the command that writes it, and passes once it is written', () => {
    addNoteSchemas(dir, { migration: false })
    const before = check()
    expect(before.passed).toBe(false)
    expect(before.said).toMatch(/note/)
    expect(before.said).toContain('npm run migrations:make')
    expect(makeMigration(dir, 'note').written).toBeTruthy()
    expect(check()).toEqual({ passed: true, said: '' })
  })

  it('2. a task kind: the check names the handler the server lacks, and the nearest it has', () => {
    writeFileSync(
      join(dir, 'tasks/note_digest.json'),
      JSON.stringify({
        $schema: '../meta/task.schema.json',
        label: { 'zh-CN': '笔记摘要', 'en-US': 'Note digest' },
        description: 'Writes a short digest of a note.',
        roles: ['merchant'],
        handler: 'creation.clipp',
        limits: { runMinutes: 5 },
        input: { type: 'object', properties: { note_id: { type: 'integer', 'x-relation': 'note', 'x-label': { 'zh-CN': '笔记', 'en-US': 'Note' } } }, required: ['note_id'], additionalProperties: false },
      }),
    )
    const answer = check()
    rmSync(join(dir, 'tasks/note_digest.json'))
    expect(answer.passed).toBe(false)
    expect(answer.said).toContain('tasks/note_digest.json')
    expect(answer.said).toContain('creation.clip')
    expect(check().passed).toBe(true)
  })

  it('3. a rename: the check names the difference, and the migration made from the x-renamed-from hint renames the column', () => {
    edit('entities/note.json', (entity) => {
      const { title, ...rest } = entity.properties
      entity.properties = { heading: { ...title, 'x-renamed-from': 'title' }, ...rest }
      entity.required = ['heading']
    })
    edit('resources/note.json', (resource) => {
      resource.list.columns = resource.list.columns.map((c: string) => (c === 'title' ? 'heading' : c))
      resource.list.filters = resource.list.filters.map((f: { field: string }) => (f.field === 'title' ? { ...f, field: 'heading' } : f))
    })
    const before = check()
    expect(before.passed).toBe(false)
    expect(before.said).toMatch(/heading/)
    const made = makeMigration(dir, 'note-heading')
    expect(made.written).toBeTruthy()
    expect(readFileSync(made.written as string, 'utf8')).toContain('rename_column')
    expect(check()).toEqual({ passed: true, said: '' })
  })
})
