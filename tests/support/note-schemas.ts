import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeMigration } from '../../scripts/migrations-make'

/**
 * A resource nobody wrote TypeScript for, in two files and the migration that makes its table: an owned note about a site, open to
 * admins, partners and merchants, its calls declared by the resource's `api`.
 */
export function addNoteSchemas(dir: string, { migration = true }: { migration?: boolean } = {}): void {
  const json = (path: string, value: unknown) => {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), JSON.stringify(value, null, 2))
  }
  json('entities/note.json', {
    $id: 'note',
    title: 'Note',
    type: 'object',
    'x-label': { 'zh-CN': '笔记', 'en-US': 'Note' },
    'x-owner': 'owner_id',
    properties: {
      title: { type: 'string', minLength: 1, maxLength: 40, 'x-label': { 'zh-CN': '标题', 'en-US': 'Title' } },
      body: { type: 'string', maxLength: 2000, default: '', 'x-label': { 'zh-CN': '正文', 'en-US': 'Body' } },
      pinned: { type: 'boolean', default: false, 'x-label': { 'zh-CN': '置顶', 'en-US': 'Pinned' } },
      site_id: { type: ['integer', 'null'], 'x-relation': 'domain', 'x-label': { 'zh-CN': '站点', 'en-US': 'Site' } },
      owner_id: { type: 'integer', readOnly: true, 'x-label': { 'zh-CN': '所属账号', 'en-US': 'Owner' } },
    },
    required: ['title'],
    additionalProperties: false,
  })
  const roles = ['admin', 'partner', 'merchant']
  json('resources/note.json', {
    entity: 'note',
    label: { 'zh-CN': '笔记', 'en-US': 'Notes' },
    group: 'domain',
    path: 'notes',
    roles,
    // The five standard calls, declared here instead of one endpoint file each.
    api: { path: '/note', roles },
    list: { columns: ['id', 'title', 'pinned', 'site_id', 'created_at'], filters: [{ field: 'title', match: 'contains' }, { field: 'pinned', match: 'equals' }] },
  })
  // Its table comes with it, as an engineer adds it: npm run migrations:make -- note.
  if (!migration) return
  const made = makeMigration(dir, 'note')
  if (!made.written) throw new Error(`no migration for the note: ${made.problems.join('; ')}`)
}
