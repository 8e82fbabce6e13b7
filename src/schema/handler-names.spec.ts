import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generate } from './codegen/generate'
import { checkHandlerNames, HANDLER_MANIFEST } from './handler-names'
import { readSchemaFiles } from './load-files'
import { createRegistry } from './registry'
import { formatProblem, SchemaError } from './SchemaError'

const files = readSchemaFiles(resolve(__dirname, '../../schemas'))
const manifest = JSON.parse(readFileSync(resolve(__dirname, '../generated', HANDLER_MANIFEST), 'utf8')) as { handlers: string[] }

describe('named handlers are checked without starting the server', () => {
  it('every endpoint of the repository names a handler the manifest lists', () => {
    expect(checkHandlerNames(createRegistry(files), manifest.handlers)).toEqual([])
  })

  it('an endpoint naming a handler the server lacks is reported, with the nearest name', () => {
    const misspelt = files.map((f) => (f.path === 'endpoints/recharge_package/del.json' ? { ...f, text: f.text.replace('"rechargePackages.delete"', '"rechargePackages.delet"') } : f))
    expect(checkHandlerNames(createRegistry(misspelt), manifest.handlers).map(formatProblem)).toEqual([
      expect.stringMatching(/^schemas\/endpoints\/recharge_package\/del\.json#\/handler: names handler "rechargePackages\.delet", which the server does not implement\. Did you mean "rechargePackages\.delete"\?/),
    ])
  })

  it('codegen writes the manifest it is given, sorted, and refuses files naming another handler', async () => {
    const generated = await generate({ files, handlers: [...manifest.handlers].reverse() })
    expect(JSON.parse(generated.get(HANDLER_MANIFEST)!).handlers).toEqual(manifest.handlers)
    const error = await generate({ files, handlers: manifest.handlers.filter((name) => name !== 'rechargePackages.delete') }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SchemaError)
    expect((error as SchemaError).problems.map(formatProblem)).toEqual([expect.stringContaining('names handler "rechargePackages.delete", which the server does not implement')])
  })
})
