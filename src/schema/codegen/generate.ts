import { readSchemaFiles } from '../load-files'
import { buildRegistry } from '../registry'
import { SchemaError } from '../SchemaError'
import type { Registry, SchemaFile } from '../types'
import { generateApiClient } from './api-client'
import { generateDatabaseTypes } from './database-types'
import { generateCatalogue } from './catalogue-markdown'
import { generateTypes } from './typescript-types'
import { nameClashes } from './type-names'
import { checkHandlerNames, type HandlerEndpoints } from '../handler-names'

/** File name (relative to the output folder) → contents. */
export type GeneratedFiles = Map<string, string>

export type GenerateSource = ({ schemasDir: string } | { files: readonly SchemaFile[] }) & {
  /** The server's named handlers and the endpoints each serves, checked against the endpoint files. */
  handlers?: HandlerEndpoints
}

/**
 * Everything codegen writes, computed in memory. Throws a SchemaError listing every problem
 * when the schema files do not load, or when two of them would generate the same name.
 *
 * ```ts
 * const files = await generate({ schemasDir: 'schemas' })
 * files.get('client.ts') // the typed API client's source
 * ```
 */
export async function generate(source: GenerateSource): Promise<GeneratedFiles> {
  const files = 'files' in source ? source.files : readSchemaFiles(source.schemasDir)
  const { registry, problems } = buildRegistry(files)
  if (problems.length === 0) problems.push(...nameClashes(registry))
  if (source.handlers) problems.push(...checkHandlerNames(registry, source.handlers))
  if (problems.length > 0) throw new SchemaError(problems)
  const generated = await generateFromRegistry(registry)
  return generated
}

/** Like generate, for a registry that is already loaded and free of problems. */
export async function generateFromRegistry(registry: Registry): Promise<GeneratedFiles> {
  return new Map([
    ['catalogue.md', generateCatalogue(registry)],
    ['client.ts', generateApiClient(registry)],
    ['database.ts', generateDatabaseTypes(registry)],
    ['types.ts', await generateTypes(registry)],
  ])
}
