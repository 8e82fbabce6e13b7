import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAjv } from '../schema/ajv'
import { assembleRegistry } from '../schema/registry-core'
import { createRegistry } from '../schema/registry'
import { createSchemaChecker } from '../schema/SchemaChecker'
import type { Registry, SchemaFile } from '../schema/types'

/**
 * The registry of these files, checked. Compiling every schema with ajv is most of a process's
 * start (a second or more on two cores); the cross-checks that need no compiler take
 * milliseconds and always run. Files that passed every check are noted by a hash of their text
 * and of the checking code, so the next process started on the same files (a worker, a command,
 * the next server of a test run) skips only the compiling. `npm run schemas:check`, code
 * generation and the tests build registries with every check, always.
 */
export function checkedRegistry(files: readonly SchemaFile[]): Registry {
  const marker = join(MARKERS, fingerprint(files))
  if (existsSync(marker)) {
    const { registry, problems } = assembleRegistry(files)
    if (problems.length === 0) return registry
  }
  const registry = createRegistry(files)
  try {
    mkdirSync(MARKERS, { recursive: true, mode: 0o700 })
    writeFileSync(marker, '')
  } catch {
    // A read-only temporary folder only means the next start checks again.
  }
  return registry
}

const MARKERS = join(tmpdir(), `console-schema-checks-${process.getuid?.() ?? 'user'}`)

function fingerprint(files: readonly SchemaFile[]): string {
  const hash = createHash('sha256').update(createSchemaChecker.toString()).update(createAjv.toString())
  for (const file of [...files].sort((a, b) => a.path.localeCompare(b.path))) hash.update(`\0${file.path}\0${file.text}`)
  return hash.digest('hex')
}
