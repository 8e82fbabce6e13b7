import standaloneCode from 'ajv/dist/standalone/index.js'
import { _ } from 'ajv/dist/compile/codegen/index.js'
import { createAjv } from '../../schema/ajv'
import { fieldValidatorName, FORMATS_MODULE, formSources } from '../../schema/form-fields'
import type { JsonSchema, Registry } from '../../schema/types'

/**
 * The validators of every field a console form fills in, compiled by the server's own ajv
 * set-up into the source of one ES module. The console imports it as a script of this origin
 * instead of compiling schemas itself, which takes `new Function` and so a Content-Security-
 * Policy with 'unsafe-eval'.
 *
 * The module's default export takes a `require` for what the compiled code calls: ajv's
 * `ajv/dist/runtime/ucs2length` and the formats (FORMATS_MODULE); it returns the validators
 * by fieldValidatorName. They are verbose (errors carry their schema), as the server's are.
 */
export function fieldValidatorsModule(registry: Registry): string {
  const ajv = createAjv({ verbose: true, validateSchema: false, code: { source: true, formats: _`require(${FORMATS_MODULE})` } })
  for (const schema of Object.values(registry.schemas)) ajv.addSchema(schema)
  const exports: Record<string, string> = {}
  for (const [source, schema] of formSources(registry)) {
    // An id with no ":" or "/", so that the entities' relative ids ("user#/properties/avatar") resolve as they do on the server.
    const id = `form.${source.replace(/[:/]/g, '.')}`
    const { $id: _own, ...body } = schema
    ajv.addSchema({ ...body, $id: id })
    for (const field of Object.keys((body.properties ?? {}) as Record<string, JsonSchema>)) {
      exports[fieldValidatorName(source, field)] = `${id}#/properties/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`
    }
  }
  const code = standaloneCode(ajv, exports)
  return `export default function fieldValidators(require) {\nconst exports = {};\n${code}\nreturn exports;\n}\n`
}
