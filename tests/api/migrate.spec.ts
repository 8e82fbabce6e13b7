import { afterAll, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { readConfig, type Config } from '../../src/server/config'
import { openServices } from '../../src/server/start'
import { copySchemas } from './harness'

const postgres = process.env.TEST_DATABASE === 'postgres'
const dataDir = mkdtempSync(join(tmpdir(), 'console-migrate-'))
const schemasDir = copySchemas()
const config: Config = {
  ...readConfig({ NODE_ENV: 'test' }),
  dataDir,
  schemasDir,
  databaseUrl: postgres ? process.env.DATABASE_URL : undefined,
  databaseSchema: postgres ? `t_${randomBytes(6).toString('hex')}` : undefined,
}

afterAll(async () => {
  if (config.databaseSchema) {
    const services = await openServices(config)
    await sql`drop schema if exists ${sql.id(config.databaseSchema)} cascade`.execute(services.db)
    await services.database.close()
  }
  rmSync(dataDir, { recursive: true, force: true })
})

describe('migrations at start are additive', () => {
  it('adds a new field\'s column and index to an existing table, keeping its rows', async () => {
    const first = await openServices(config)
    const now = new Date().toISOString()
    await first.db.insertInto('domain').values({ host: 'old.example.com', name: 'Old', created_at: now, updated_at: now }).execute()
    await first.database.close()

    const file = join(schemasDir, 'entities/domain.json')
    const entity = JSON.parse(readFileSync(file, 'utf8'))
    entity.properties.theme_color = { type: 'string', maxLength: 16, default: '#165DFF', 'x-index': true }
    writeFileSync(file, JSON.stringify(entity))

    const second = await openServices(config)
    try {
      const tables = await second.db.introspection.getTables()
      const domain = tables.find((t) => t.name === 'domain' && (!postgres || t.schema === config.databaseSchema))!
      expect(domain.columns.map((c) => c.name)).toContain('theme_color')
      const rows = await second.db.selectFrom('domain').select(['host', 'theme_color']).execute()
      expect(rows).toEqual([{ host: 'old.example.com', theme_color: null }])
      // Running again is a no-op, not an error.
      const { migrate } = await import('../../src/server/db/migrate')
      await migrate(second.db, second.dialect, second.registry)
    } finally {
      await second.database.close()
    }
  })

  it('gives a field searched by its start ("x-index": "prefix") an index that serves LIKE \'abc%\' on PostgreSQL under any collation', async () => {
    const services = await openServices(config)
    try {
      if (postgres) {
        const indexes = await sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = ${config.databaseSchema} and indexname = 'account_mobile_prefix_idx'`.execute(services.db)
        expect(indexes.rows.map((r) => r.indexdef)).toEqual([expect.stringContaining('(mobile text_pattern_ops)')])
      } else {
        // SQLite's plain index serves the GLOB 'abc*' prefix searches use there.
        const plan = await sql<{ detail: string }>`explain query plan select id from account where mobile glob '138*'`.execute(services.db)
        expect(plan.rows.map((r) => r.detail).join(' ')).toMatch(/USING (COVERING )?INDEX account_mobile_idx/)
      }
      } finally {
        await services.database.close()
      }
    })

  it('creates the indexes over several fields that x-indexes declares, in the order given', async () => {
    const file = join(schemasDir, 'entities/domain.json')
    const entity = JSON.parse(readFileSync(file, 'utf8'))
    entity['x-indexes'] = [['owner_id', 'is_default', 'name']]
    writeFileSync(file, JSON.stringify(entity))
    const services = await openServices(config)
    try {
      const definition = postgres
        ? (await sql<{ def: string }>`select indexdef as def from pg_indexes where schemaname = ${config.databaseSchema} and indexname = 'domain_owner_id_is_default_name_idx'`.execute(services.db)).rows[0]?.def
        : (await sql<{ def: string }>`select sql as def from sqlite_master where type = 'index' and name = 'domain_owner_id_is_default_name_idx'`.execute(services.db)).rows[0]?.def
      expect(definition?.replace(/["`]/g, '')).toMatch(/\(owner_id, is_default, name\)/)
    } finally {
      await services.database.close()
    }
  })
})
