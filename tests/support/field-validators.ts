import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Registry } from '../../src/schema/types'
import { fieldValidatorsModule } from '../../src/server/forms/field-validators-module'
import { createFieldValidatorsLoader, type FieldValidators } from '../../src/console/forms/field-validators'

// vitest provides __dirname (also under happy-dom, where import.meta.url is not a file URL); plain ESM scripts do not.
const HERE = typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url))
/** Inside the project: vitest's module runner loads no file from outside it. */
const SCRATCH = resolve(HERE, '../../test-results/form-validators')

/**
 * The forms' validators as the console gets them, without a server: the module the server
 * would answer, written to a file and loaded by the console's own loader.
 */
export function fieldValidatorsOf(registry: Registry): () => Promise<FieldValidators> {
  mkdirSync(SCRATCH, { recursive: true })
  const file = join(mkdtempSync(join(SCRATCH, 'run-')), 'form_validators.mjs')
  writeFileSync(file, fieldValidatorsModule(registry))
  return createFieldValidatorsLoader(file)
}
