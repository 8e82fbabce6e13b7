import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { API_TITLE, API_VERSION } from '../api-info'
import { readSchemaFiles } from '../load-files'
import { buildOpenApi } from '../openapi'
import { createRegistry } from '../registry'

const GENERATED = resolve(__dirname, '../../generated')
const dir = mkdtempSync(join(tmpdir(), 'envelope-narrowing-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The type errors of `files` (name → source) compiled together under the project's strictness, one line each. */
function typeErrors(files: Record<string, string>): string[] {
  const names = Object.entries(files).map(([name, source]) => {
    writeFileSync(join(dir, name), source)
    return join(dir, name)
  })
  const program = ts.createProgram(names, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  })
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
}

/**
 * A client that checks `code === 1` reaches the data of a success, and in every other case
 * holds a failure: a failure code, a message, field errors or a reference, never the data.
 */
describe('the answer of a call narrows on code', () => {
  it('in the types openapi-typescript writes from the OpenAPI document the server serves', async () => {
    const registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas')))
    const document = JSON.parse(JSON.stringify(buildOpenApi(registry, { title: API_TITLE, version: API_VERSION }))) as Parameters<typeof openapiTS>[0]
    const api = astToString(await openapiTS(document))
    const snippet = `
import type { paths } from './openapi-api'
type Answer = paths['/domain/list']['get']['responses'][200]['content']['application/json']
export function describeAnswer(answer: Answer): string {
  if (answer.code === 1) return \`\${answer.data.total} domains, first \${answer.data.data[0]?.host}\`
  const failure: 0 | 50008 | 50012 | 50014 = answer.code
  if (answer.data !== null && 'errors' in answer.data) return answer.data.errors.map((e) => \`\${e.path}: \${e.message}\`).join('; ')
  return \`\${failure}: \${answer.msg}\`
}
`
    expect(typeErrors({ 'openapi-api.ts': api, 'openapi-snippet.ts': snippet })).toEqual([])
  }, 60_000)

  it('in the generated types and client', () => {
    const snippet = `
import { createApiClient, type ApiTransport } from '${join(GENERATED, 'client')}'
import type { DomainListResponse, Envelope } from '${join(GENERATED, 'types')}'
export function describeAnswer(answer: Envelope<DomainListResponse>): string {
  if (answer.code === 1) return \`\${answer.data.total} domains\`
  const failure: 0 | 50008 | 50012 | 50014 = answer.code
  if (answer.data !== null && 'errors' in answer.data) return answer.data.errors.map((e) => e.message).join('; ')
  return \`\${failure}: \${answer.msg}\`
}
const transport: ApiTransport = async (request) => {
  const answer = (await (await fetch(request.path)).json()) as Envelope<unknown>
  if (answer.code === 1) return answer.data
  throw new Error(\`\${answer.code}: \${answer.msg}\`)
}
export const firstPage = async (): Promise<number> => (await createApiClient(transport).domainList()).total
`
    expect(typeErrors({ 'generated-snippet.ts': snippet })).toEqual([])
  }, 60_000)
})
