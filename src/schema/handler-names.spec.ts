import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generate } from './codegen/generate'
import { checkHandlerNames } from './handler-names'
import { serverHandlerEndpoints } from '../server/handler-names'
import { readSchemaFiles } from './load-files'
import { createRegistry } from './registry'
import { formatProblem, SchemaError } from './SchemaError'

const files = readSchemaFiles(resolve(__dirname, '../../schemas'))
const manifest = { handlers: serverHandlerEndpoints() }

describe('named handlers are checked without starting the server', () => {
  it('every endpoint of the repository names a handler the server has', () => {
    expect(checkHandlerNames(createRegistry(files), manifest.handlers)).toEqual([])
  })

  it('an endpoint naming a handler the server lacks is reported, with the nearest name', () => {
    const misspelt = files.map((f) => (f.path === 'endpoints/recharge_package/del.json' ? { ...f, text: f.text.replace('"rechargePackages.delete"', '"rechargePackages.delet"') } : f))
    expect(checkHandlerNames(createRegistry(misspelt), manifest.handlers).map(formatProblem)).toEqual([
      expect.stringMatching(/^schemas\/endpoints\/recharge_package\/del\.json#\/handler: names handler "rechargePackages\.delet", which the server does not implement\. Did you mean "rechargePackages\.delete"\?/),
    ])
  })

  it('an endpoint naming a handler written for other endpoints is reported, saying how to let it serve this one', () => {
    const borrowed = files.map((f) => (f.path === 'endpoints/recharge_package/del.json' ? { ...f, text: f.text.replace('"rechargePackages.delete"', '"rechargeCards.batchDelete"') } : f))
    expect(checkHandlerNames(createRegistry(borrowed), manifest.handlers).map(formatProblem)).toEqual([
      'schemas/endpoints/recharge_package/del.json#/handler: names handler "rechargeCards.batchDelete", which serves "recharge_card/batch_del" and reads their fields. Once it handles this endpoint\'s fields too, add "recharge_package/del" to the endpoints it names in the server (namedHandler([...])).',
    ])
  })

  // Stops before generating anything: the problem is found while loading.
  it('codegen refuses files naming a handler the server lacks', { timeout: 60_000 }, async () => {
    const { 'rechargePackages.delete': _, ...without } = manifest.handlers
    const error = await generate({ files, handlers: without }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SchemaError)
    expect((error as SchemaError).problems.map(formatProblem)).toEqual([expect.stringContaining('names handler "rechargePackages.delete", which the server does not implement')])
  })
})
