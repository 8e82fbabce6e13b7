import type { ValidateFunction } from 'ajv'
import { FORM_VALIDATORS_PATH, FORMATS_MODULE } from '../../schema/form-fields'
import { API_BASE } from '../providers/http-client'

/** The validator of every field a form fills in, by fieldValidatorName. */
export type FieldValidators = Readonly<Record<string, ValidateFunction>>

/**
 * Loads the forms' validators, which the server compiles from the schema files with its own
 * ajv set-up (src/server/forms/field-validators-module.ts), once per console: the browser
 * compiles no schema, as that takes `new Function`, which the Content-Security-Policy refuses.
 *
 * ```ts
 * const fieldValidators = createFieldValidatorsLoader()
 * const validate = (await fieldValidators())['body:domain/add#host']
 * ```
 */
export function createFieldValidatorsLoader(url = `${API_BASE}${FORM_VALIDATORS_PATH}`): () => Promise<FieldValidators> {
  let loading: Promise<FieldValidators> | undefined
  const load = async () => {
    // The formats come with the validators, not with this file: the login page, which holds a loader, needs neither until a dialog's form opens.
    const [module, formats] = await Promise.all([
      import(/* @vite-ignore */ url) as Promise<{ default: (require: (name: string) => unknown) => FieldValidators }>,
      import('./validator-formats'),
    ])
    return module.default((name) => runtime(name, formats.VALIDATOR_FORMATS))
  }
  return () => {
    // A failed load (the server restarting) is tried again by the next form that asks.
    loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
}

/** What the compiled validators `require`: the length of a string, and the formats. */
function runtime(name: string, formats: object): unknown {
  if (name === 'ajv/dist/runtime/ucs2length') return { default: codePointLength }
  if (name === FORMATS_MODULE) return formats
  throw new Error(`The form validators ask for "${name}", which src/console/forms/field-validators.ts does not provide. Add it there.`)
}

/**
 * A string's length as ajv counts it for minLength and maxLength (ajv/dist/runtime/ucs2length):
 * in code points, a lone surrogate counting one. Written here because that module is CommonJS,
 * whose default export bundlers hand over in different shapes.
 */
export function codePointLength(text: string): number {
  let length = 0
  for (const _ of text) length++
  return length
}
