// PostgreSQL too: a new entity migrated into an existing database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { copySchemas, startTestServer, type TestServer } from './harness'
import { generate } from '../../src/schema/codegen/generate'
import { addNoteSchemas } from '../support/note-schemas'
import { asSchemaDb } from '../../src/server/db/connect'

type Account = { id: number; token: string }
let server: TestServer
let schemasDir: string
const who: Record<string, Account> = {}
const notes: Record<string, number> = {}

beforeAll(async () => {
  schemasDir = copySchemas()
  addNoteSchemas(schemasDir)
  server = await startTestServer({ schemasDir })
  who.admin = await server.account('admin', 'admin')
  who.partnerA = await server.account('partnerA', 'partner', 'admin')
  who.merchantA = await server.account('merchantA', 'merchant', 'partnerA')
  who.agentA = await server.account('agentA', 'agent', 'partnerA')
  who.partnerB = await server.account('partnerB', 'partner', 'admin')
  who.merchantB = await server.account('merchantB', 'merchant', 'partnerB')
  for (const name of ['admin', 'partnerA', 'merchantA', 'partnerB', 'merchantB']) {
    const res = await server.call<{ id: number }>('POST', '/note/add', { token: who[name]!.token, body: { title: `${name}'s note` } })
    expect(res.body.code).toBe(1)
    notes[name] = res.body.data.id
  }
})
afterAll(() => server.close())

const titles = async (token: string) => {
  const res = await server.call<{ data: { title: string }[] }>('GET', '/note/list', { token })
  return res.body.data.data.map((n) => n.title).sort()
}

describe('a resource added as schema files only', () => {
  it('is a working endpoint: create fills defaults and the owner, list and detail read it back', async () => {
    const res = await server.call<Record<string, unknown>>('POST', '/note/add', { token: who.merchantA!.token, body: { title: 'Hello', pinned: true } })
    expect(res.body).toMatchObject({ code: 1, data: { title: 'Hello', body: '', pinned: true, owner_id: who.merchantA!.id } })
    const row = await asSchemaDb(server.services.db).selectFrom('note').selectAll().where('id', '=', res.body.data.id as number).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ title: 'Hello', pinned: 1, owner_id: who.merchantA!.id })
    const pinned = await server.call<{ total: number }>('GET', '/note/list', { token: who.merchantA!.token, query: { pinned: true } })
    expect(pinned.body.data.total).toBe(1)
    await server.call('POST', '/note/del', { token: who.merchantA!.token, body: { ids: [res.body.data.id] } })
  })

  it('is validated by its schema', async () => {
    const res = await server.call('POST', '/note/add', { token: who.admin!.token, body: { title: 'x'.repeat(41), colour: 'red' } })
    expect(res.body).toMatchObject({ code: 0 })
    expect(res.body.data).toEqual({
      errors: expect.arrayContaining([
        { path: '/title', message: 'Title must be at most 40 characters' },
        { path: '/colour', message: 'Unknown field "colour".' },
      ]),
    })
  })

  it('has its typed client functions and types generated, with no code written by hand', async () => {
    const files = await generate({ schemasDir })
    const client = files.get('client.ts')!
    for (const name of ['noteList', 'noteDetail', 'noteAdd', 'noteEdit', 'noteDel']) expect(client).toContain(`  ${name}: (`)
    expect(client).toContain("noteAdd: { id: 'note/add', method: 'POST', path: '/note/add', access: ['admin', 'partner', 'merchant'] }")
    expect(files.get('types.ts')).toMatch(/export interface Note \{\n {2}id: number\n {2}title: string\n/)
  })

  it('is role-checked: an agent is refused with 403', async () => {
    const res = await server.call('GET', '/note/list', { token: who.agentA!.token })
    expect(res.status).toBe(403)
  })
})

describe('records are scoped by owner on the server (DESIGN §4)', () => {
  it('admin lists everything; a partner its own subtree; a merchant only its own', async () => {
    expect(await titles(who.admin!.token)).toEqual(["admin's note", "merchantA's note", "merchantB's note", "partnerA's note", "partnerB's note"])
    expect(await titles(who.partnerA!.token)).toEqual(["merchantA's note", "partnerA's note"])
    expect(await titles(who.partnerB!.token)).toEqual(["merchantB's note", "partnerB's note"])
    expect(await titles(who.merchantA!.token)).toEqual(["merchantA's note"])
  })

  it('another partner\'s record by id answers exactly as a missing one', async () => {
    const foreign = await server.call('GET', '/note/detail', { token: who.partnerA!.token, query: { id: notes.merchantB } })
    const missing = await server.call('GET', '/note/detail', { token: who.partnerA!.token, query: { id: 999999 } })
    expect(foreign.status).toBe(missing.status)
    expect(foreign.body.msg.replace(String(notes.merchantB), 'N')).toBe(missing.body.msg.replace('999999', 'N'))
    expect(foreign.body).toMatchObject({ code: 0, data: null })
    const own = await server.call('GET', '/note/detail', { token: who.partnerA!.token, query: { id: notes.merchantA } })
    expect(own.body.code).toBe(1)
  })

  it('edits and deletes outside the scope answer as records that do not exist, on the field naming them, and change nothing', async () => {
    const edit = await server.call('POST', '/note/edit', { token: who.merchantA!.token, body: { id: notes.partnerA, title: 'hijacked' } })
    expect(edit.body).toMatchObject({ code: 0, data: { errors: [{ path: '/id', message: `Note ${notes.partnerA} does not exist.` }] } })
    const del = await server.call('POST', '/note/del', { token: who.partnerA!.token, body: { ids: [notes.merchantB, notes.partnerB, notes.merchantA] } })
    const refusal = `Note ${notes.merchantB}, ${notes.partnerB} does not exist. Nothing was deleted.`
    expect(del.body).toMatchObject({ code: 0, msg: refusal, data: { errors: [{ path: '/ids', message: refusal }] } })
    expect(await titles(who.admin!.token)).toEqual(["admin's note", "merchantA's note", "merchantB's note", "partnerA's note", "partnerB's note"])
  })

  it('a partner may edit its merchant\'s record, and the owner cannot be forged', async () => {
    const edit = await server.call('POST', '/note/edit', { token: who.partnerA!.token, body: { id: notes.merchantA, body: 'checked by partner' } })
    expect(edit.body).toMatchObject({ code: 1, data: { body: 'checked by partner', owner_id: who.merchantA!.id } })
    const forged = await server.call('POST', '/note/add', { token: who.merchantA!.token, body: { title: 'forged', owner_id: who.merchantB!.id } })
    expect(forged.body).toMatchObject({ code: 0, data: { errors: [{ path: '/owner_id' }] } })
  })

  it('accounts themselves are scoped the same way: a partner sees its subtree of accounts only', async () => {
    const { recordScope } = await import('../../src/server/access/scope')
    const { registry, db } = server.services
    const user = registry.entities.get('user')!
    const visible = async (name: string) => {
      const caller = { id: who[name]!.id, username: name, role: name.replace(/[AB]$/, '') as 'partner', userType: 1, path: (await db.selectFrom('account').select('path').where('id', '=', who[name]!.id).executeTakeFirstOrThrow()).path as string, sessionId: 0 }
      const scope = recordScope(registry, user, caller)
      const query = asSchemaDb(db).selectFrom('account').select('username').orderBy('username')
      return (await (scope === true ? query : query.where(scope)).execute()).map((r) => r.username)
    }
    expect(await visible('partnerA')).toEqual(['agentA', 'merchantA', 'partnerA'])
    expect(await visible('merchantB')).toEqual(['merchantB'])
  })
})

describe('an endpoint file naming a server handler', () => {
  it('stops the server from starting when the handler was written for other endpoints, and says how to let it serve this one', async () => {
    const dir = copySchemas()
    const file = join(dir, 'endpoints/recharge_package/del.json')
    writeFileSync(file, readFileSync(file, 'utf8').replace('"rechargePackages.delete"', '"rechargeCards.batchDelete"'))
    const error = await startTestServer({ schemasDir: dir }).catch((e: unknown) => e)
    expect(String(error)).toContain('del.json names handler "rechargeCards.batchDelete", which serves "recharge_card/batch_del" and reads their fields.')
  })
})
