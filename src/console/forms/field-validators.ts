import type { ValidateFunction } from 'ajv'
import { FORM_VALIDATORS_PATH, FORMATS_MODULE, type FormSource } from '../../schema/form-fields'
import { API_BASE } from '../providers/http-client'

/** The validator of every field a form fills in, by fieldValidatorName. */
export type FieldValidators = Readonly<Record<string, ValidateFunction>>

/** One form's validators, loaded the first time a form of that source asks. */
export type FieldValidatorsLoader = (source: FormSource) => Promise<FieldValidators>

/**
 * Loads a form's validators, which the server compiles from the schema files with its own ajv
 * set-up (src/server/forms/field-validators-module.ts), once per form and console: the browser
 * compiles no schema, as that takes `new Function`, which the Content-Security-Policy refuses.
 * `urlOf` says where a form's module is (tests load files written beside them).
 *
 * ```ts
 * const fieldValidators = createFieldValidatorsLoader()
 * const validate = (await fieldValidators('body:domain/add'))['body:domain/add#host']
 * ```
 */
export function createFieldValidatorsLoader(urlOf: (source: FormSource) => string = validatorsUrl): FieldValidatorsLoader {
  const loading = new Map<FormSource, Promise<FieldValidators>>()
  const load = async (source: FormSource) => {
    // The formats come with the validators, not with this file: the login page, which holds a loader, needs neither until a form opens.
    const [module, formats] = await Promise.all([
      import(/* @vite-ignore */ urlOf(source)) as Promise<{ default: (require: (name: string) => unknown) => FieldValidators }>,
      import('./validator-formats'),
    ])
    return module.default((name) => runtime(name, formats.VALIDATOR_FORMATS))
  }
  return (source) => {
    let loaded = loading.get(source)
    if (!loaded) {
      // A failed load (the server restarting) is tried again by the next form that asks.
      loaded = load(source).catch((error: unknown) => {
        loading.delete(source)
        throw error
      })
      loading.set(source, loaded)
    }
    return loaded
  }
}

const validatorsUrl = (source: FormSource) => `${API_BASE}${FORM_VALIDATORS_PATH}?form=${encodeURIComponent(source)}`

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
