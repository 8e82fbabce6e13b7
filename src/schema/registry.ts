import { assembleRegistry } from './registry-core'
import { createSchemaChecker } from './SchemaChecker'
import { SchemaError, type SchemaProblem } from './SchemaError'
import type { Registry, SchemaFile } from './types'

export { isGeneric } from './registry-core'

/**
 * Load and check every schema file. Returns the registry and every problem found;
 * the registry is only safe to use when `problems` is empty.
 *
 * ```ts
 * const { registry, problems } = buildRegistry(readSchemaFiles('schemas'))
 * ```
 */
export function buildRegistry(files: readonly SchemaFile[]): { registry: Registry; problems: SchemaProblem[] } {
  return assembleRegistry(files, createSchemaChecker())
}

/** Like buildRegistry, but throws a SchemaError listing every problem. */
export function createRegistry(files: readonly SchemaFile[]): Registry {
  const { registry, problems } = buildRegistry(files)
  if (problems.length > 0) throw new SchemaError(problems)
  return registry
}

export type { SchemaProblem }
