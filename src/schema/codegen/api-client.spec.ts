import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generate } from './generate'

// Uses the generated client the way the console will; each @ts-expect-error fails the compile once the types it guards go loose.
const USAGE = `import { apiEndpoints, createApiClient, type ApiRequest } from './client'
import type { Domain, Envelope, Paginator } from './types'

export const calls: ApiRequest[] = []
const api = createApiClient(async (request) => {
  calls.push(request)
  return null
})

export async function use(): Promise<void> {
  const domain: Domain = await api.domainAdd({ host: 'a.example.com', name: 'A' })
  const host: string = domain.host
  const page: Paginator<Domain> = await api.domainList({ page: 1, sort: 'host', host: 'example' })
  const first: Domain | undefined = page.data[0]
  await api.domainList()
  await api.domainBatchDel({ ids: [1, 2] })
  await api.platformLogout()
  const login = await api.platformLogin({ username: 'admin', password: 'secret' })
  const token: string = login.userinfo.token
  const envelope: Envelope<typeof login> = { code: 1, msg: '', time: 0, data: login }
  const roles: readonly string[] | 'open' = apiEndpoints.domainAdd.access

  // @ts-expect-error host must be a string
  await api.domainAdd({ host: 42, name: 'A' })
  // @ts-expect-error name is required
  await api.domainAdd({ host: 'a.example.com' })
  // @ts-expect-error is_default is 0 or 1
  await api.domainAdd({ host: 'a.example.com', name: 'A', is_default: 2 })
  // @ts-expect-error the body is closed: unknown fields are refused
  await api.domainAdd({ host: 'a.example.com', name: 'A', colour: 'red' })
  // @ts-expect-error only the sortable fields may be sorted on
  await api.domainList({ sort: 'logo' })
  // @ts-expect-error logout takes no fields
  await api.platformLogout({ everywhere: true })
  // @ts-expect-error the response is a Domain, not a page
  const wrong: Paginator<Domain> = await api.domainDetail({ id: 1 })
  // @ts-expect-error there is no such endpoint
  await api.domainPurge()
  void [host, first, token, envelope, roles, wrong]
}
`

let dir: string
let client: typeof import('../../generated/client')

beforeAll(async () => {
  const files = await generate({ schemasDir: resolve(__dirname, '../../../schemas') })
  dir = mkdtempSync(join(tmpdir(), 'codegen-client-'))
  for (const [name, contents] of files) writeFileSync(join(dir, name), contents)
  writeFileSync(join(dir, 'usage.ts'), USAGE)
  client = (await import(join(dir, 'client.ts'))) as typeof client
})

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('the generated client', () => {
  it('compiles under strict settings, and rejects calls with the wrong types', () => {
    const program = ts.createProgram({
      rootNames: [join(dir, 'usage.ts')],
      options: {
        strict: true,
        noEmit: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        target: ts.ScriptTarget.ES2023,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
        types: [],
        skipLibCheck: true,
      },
    })
    const diagnostics = ts.getPreEmitDiagnostics(program)
    const host: ts.FormatDiagnosticsHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => dir, getNewLine: () => '\n' }
    expect(ts.formatDiagnostics(diagnostics, host)).toBe('')
  })

  it('hands each call to the transport with its method, path and parts', async () => {
    const calls: unknown[] = []
    const api = client.createApiClient(async (request) => {
      calls.push(request)
      return { id: 7 }
    })
    await expect(api.domainAdd({ host: 'a.example.com', name: 'A' })).resolves.toEqual({ id: 7 })
    await api.domainList()
    await api.domainDetail({ id: 7 })
    await api.platformLogout()
    expect(calls).toEqual([
      { method: 'POST', path: '/domain/add', body: { host: 'a.example.com', name: 'A' } },
      { method: 'GET', path: '/domain/list', query: {} },
      { method: 'GET', path: '/domain/detail', query: { id: 7 } },
      { method: 'POST', path: '/platform/logout', body: {} },
    ])
  })

  it('describes every endpoint with its id, method, path and access', () => {
    expect(client.apiEndpoints.domainBatchDel).toEqual({ id: 'domain/batch_del', method: 'POST', path: '/domain/batch_del', access: ['admin'] })
    expect(client.apiEndpoints.platformLogin.access).toBe('open')
    expect(client.apiEndpoints.platformLogout.access).toEqual(['*'])
  })
})
