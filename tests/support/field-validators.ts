import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Registry } from '../../src/schema/types'
import { fieldValidatorsCompiler } from '../../src/server/forms/field-validators-module'
import { createFieldValidatorsLoader, type FieldValidatorsLoader } from '../../src/console/forms/field-validators'

// vitest provides __dirname (also under happy-dom, where import.meta.url is not a file URL); plain ESM scripts do not.
const HERE = typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url))
/** Inside the project: vitest's module runner loads no file from outside it. */
const SCRATCH = resolve(HERE, '../../test-results/form-validators')

/**
 * The forms' validators as the console gets them, without a server: each form's module as the
 * server would answer it, written to a file when first asked for and loaded by the console's own loader.
 */
export function fieldValidatorsOf(registry: Registry): FieldValidatorsLoader {
  mkdirSync(SCRATCH, { recursive: true })
  const dir = mkdtempSync(join(SCRATCH, 'run-'))
  const compile = fieldValidatorsCompiler(registry)
  return createFieldValidatorsLoader((source) => {
    const file = join(dir, `${source.replace(/[^A-Za-z0-9_-]/g, '.')}.mjs`)
    writeFileSync(file, compile(source))
    return file
  })
}
