import standaloneCode from 'ajv/dist/standalone/index.js'
import { _ } from 'ajv/dist/compile/codegen/index.js'
import { createAjv } from '../../schema/ajv'
import { fieldValidatorName, FORMATS_MODULE, formSources, type FormSource } from '../../schema/form-fields'
import type { JsonSchema, Registry } from '../../schema/types'

/**
 * The validators of every field of one console form, compiled by the server's own ajv
 * set-up into the source of one ES module: a page loads the forms it shows and no others. The console imports it as a script of this origin
 * instead of compiling schemas itself, which takes `new Function` and so a Content-Security-
 * Policy with 'unsafe-eval'.
 *
 * The module's default export takes a `require` for what the compiled code calls: ajv's
 * `ajv/dist/runtime/ucs2length` and the formats (FORMATS_MODULE); it returns the validators
 * by fieldValidatorName. They are verbose (errors carry their schema), as the server's are.
 */
export function fieldValidatorsCompiler(registry: Registry): (source: FormSource) => string {
  const forms = formSources(registry)
  const ajv = createAjv({ verbose: true, validateSchema: false, code: { source: true, formats: _`require(${FORMATS_MODULE})` } })
  for (const shared of Object.values(registry.schemas)) ajv.addSchema(shared)
  // Added all at once and compiled only when asked for: one ajv for every form, so what forms share is compiled once.
  for (const [source, schema] of forms) {
    const { $id: _own, ...body } = schema
    ajv.addSchema({ ...body, $id: formId(source) })
  }
  return (source) => {
    const schema = forms.get(source)
    if (!schema) throw new Error(`No console form fills in ${source}.`)
    const exports: Record<string, string> = {}
    for (const field of Object.keys((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      exports[fieldValidatorName(source, field)] = `${formId(source)}#/properties/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`
    }
    const code = standaloneCode(ajv, exports)
    return `export default function fieldValidators(require) {\nconst exports = {};\n${code}\nreturn exports;\n}\n`
  }
}

/** An id with no ":" or "/", so that the entities' relative ids ("user#/properties/avatar") resolve as they do on the server. */
const formId = (source: FormSource) => `form.${source.replace(/[:/]/g, '.')}`
