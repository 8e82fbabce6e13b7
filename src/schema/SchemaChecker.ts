import type { ErrorObject } from 'ajv'
import { createAjv } from './ajv'
import type { SchemaProblem } from './SchemaError'
import { joinPointer } from './pointer'
import { didYouMean } from './suggest'
import { valueProblems, type FieldValidator } from './value-checks'
import type { ConfigGroupDef, EndpointDef, EntityDef, JsonSchema } from './types'

/** The checks of the schema files that need a JSON Schema validator: meta-schemas and compiling. */
export interface SchemaChecker {
  addMetaSchema(json: JsonSchema): void
  /** A file against the meta-schema of its kind. */
  checkFile(kind: string, file: string, json: JsonSchema): SchemaProblem[]
  /**
   * The file with what its meta-schema refused taken out, when what is left is a valid file of
   * its kind: the cross-checks then read it, so a column typo is reported beside an unknown key
   * instead of after it is fixed. Undefined when the file is unusable without the parts removed.
   */
  usablePart(kind: string, json: JsonSchema): JsonSchema | undefined
  /** Every shared definition compiles, and is there for the files that $ref it. */
  checkShared(files: readonly { file: string; name: string; json: JsonSchema }[]): SchemaProblem[]
  /** Every entity's public schema compiles (strict mode: a misspelt keyword is a problem). */
  checkEntities(entities: ReadonlyMap<string, EntityDef>, broken: Set<string>): SchemaProblem[]
  /** Every endpoint's request and response schemas compile; files already reported are skipped. */
  checkEndpoints(endpoints: ReadonlyMap<string, EndpointDef>, broken: ReadonlySet<string>, reported: ReadonlySet<string>): SchemaProblem[]
  /** Every config group compiles. */
  checkConfigGroups(groups: ReadonlyMap<string, ConfigGroupDef>): SchemaProblem[]
  /** Every default, example and const is a value its own field accepts, and every range holds a value (value-checks.ts). */
  checkValues(files: readonly { file: string; kind: string; json: JsonSchema }[]): SchemaProblem[]
}

export function createSchemaChecker(): SchemaChecker {
  const metaAjv = createAjv({ verbose: true })
  // Compiled here only to learn that each schema compiles: ajv's optimising of the code it makes
  // was most of a registry's build, and these validators never run on a request.
  const dataAjv = createAjv({ code: { optimize: false } })
  return {
    addMetaSchema(json) {
      const { $schema: _draft, ...meta } = json
      metaAjv.addSchema(meta)
    },
    checkFile(kind, file, json) {
      const validate = metaAjv.getSchema(`meta:${kind}`)
      if (!validate) return [{ file: `schemas/meta/${kind}.schema.json`, pointer: '', message: `is missing; every ${kind} file is checked against it.` }]
      return validate(json) ? [] : metaProblems(file, validate.errors ?? [])
    },
    usablePart(kind, json) {
      const validate = metaAjv.getSchema(`meta:${kind}`)
      if (!validate) return undefined
      let part = structuredClone(json)
      // Each round removes what was refused; a refusal that removing cannot mend (a missing
      // required key, a wrong type at the top) leaves the file unusable.
      for (let round = 0; round < 5; round++) {
        if (validate(part)) return part
        const removed = removeRefused(part, validate.errors ?? [])
        if (!removed) return undefined
      }
      return undefined
    },
    checkShared(files) {
      const problems: SchemaProblem[] = []
      for (const file of files) {
        try {
          dataAjv.addSchema(file.json)
          dataAjv.compile({ $ref: file.name })
        } catch (e) {
          problems.push({ file: file.file, pointer: '', message: `is not a usable JSON Schema: ${(e as Error).message}. Check the spelling against json-schema.org or the x- keywords in schemas/meta/entity.schema.json.` })
        }
      }
      return problems
    },
    checkEntities(entities, broken) {
      const problems: SchemaProblem[] = []
      for (const entity of entities.values()) dataAjv.addSchema(entity.schema)
      for (const entity of entities.values()) {
        try {
          dataAjv.compile(entity.schema)
        } catch (e) {
          const message = (e as Error).message
          problems.push({ file: entity.file, pointer: pointerOfUnknownKeyword(entity.source, message), message: `is not a usable JSON Schema: ${message}. Check the spelling against json-schema.org or the x- keywords in schemas/meta/entity.schema.json.` })
          broken.add(`entity:${entity.name}`)
        }
      }
      return problems
    },
    checkEndpoints(endpoints, broken, reported) {
      const problems: SchemaProblem[] = []
      for (const endpoint of endpoints.values()) {
        // A broken entity or a dangling $ref is already reported; compiling would only say it again.
        if (reported.has(endpoint.file) || (endpoint.entity && broken.has(`entity:${endpoint.entity}`))) continue
        const parts: [string, JsonSchema | undefined][] = [
          ['/request/query', endpoint.request.query],
          ['/request/body', endpoint.request.body],
          ['/response', endpoint.response],
        ]
        for (const [pointer, schema] of parts) {
          if (!schema || refersToBroken(schema, broken)) continue
          try {
            dataAjv.compile(schema)
          } catch (e) {
            problems.push({ file: endpoint.file, pointer, message: `is not a usable JSON Schema: ${(e as Error).message}.` })
          }
        }
      }
      return problems
    },
    checkConfigGroups(groups) {
      const problems: SchemaProblem[] = []
      for (const group of groups.values()) {
        try {
          dataAjv.compile(group.schema)
        } catch (e) {
          problems.push({ file: group.file, pointer: '', message: `is not a usable JSON Schema: ${(e as Error).message}.` })
        }
      }
      return problems
    },
    checkValues(files) {
      const validator: FieldValidator = (schema) => {
        // A file's root names itself ($id), which the validator already holds under that name.
        const { $id: _id, $schema: _draft, ...field } = schema
        let validate: ReturnType<typeof dataAjv.compile>
        try {
          validate = dataAjv.compile(field)
        } catch {
          return undefined
        }
        return (value) => (validate(value) ? undefined : `${validate.errors?.[0]?.instancePath ? `at ${validate.errors[0].instancePath} ` : ''}${validate.errors?.[0]?.message ?? 'is not valid'}`)
      }
      return files.flatMap((f) => valueProblems(f.file, f.kind, f.json, validator))
    },
  }
}

/** Meta-schema errors as problems, worded for the person editing the file. */
function metaProblems(file: string, errors: readonly ErrorObject[]): SchemaProblem[] {
  const out: SchemaProblem[] = []
  for (const e of errors) {
    const params = e.params as Record<string, unknown>
    const parent = (e.parentSchema ?? {}) as JsonSchema
    switch (e.keyword) {
      case 'oneOf':
      case 'anyOf':
      case 'not':
      case 'if':
        continue // the branch errors, or checkAccessDeclared, say it better
      case 'enum': {
        const allowed = (params.allowedValues as unknown[]).map(String)
        const found = JSON.stringify(e.data)
        const hint = typeof e.data === 'string' ? didYouMean(e.data, allowed) : ''
        out.push({ file, pointer: e.instancePath, message: `${found} is not allowed here; use one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}.${hint}` })
        break
      }
      case 'additionalProperties': {
        const key = String(params.additionalProperty)
        const known = Object.keys((parent.properties as object | undefined) ?? {})
        out.push({ file, pointer: joinPointer(...e.instancePath.split('/').slice(1), key), message: `unknown key "${key}".${didYouMean(key, known) || ` Known keys: ${known.join(', ')}.`}` })
        break
      }
      case 'required':
        if (e.schemaPath.includes('/oneOf/')) continue // a branch of roles-or-open: checkAccessDeclared says it
        if (e.schemaPath.includes('/anyOf/')) {
          // One of several keys will do (a screen's "endpoints" or "api"): say so once, naming them all.
          const keys = errors.filter((x) => x.keyword === 'required' && x.instancePath === e.instancePath && x.schemaPath.includes('/anyOf/')).map((x) => `"${(x.params as { missingProperty: string }).missingProperty}"`)
          if (keys[0] !== `"${params.missingProperty}"`) continue
          out.push({ file, pointer: e.instancePath, message: `${keys.join(' or ')} is required here.` })
          break
        }
        out.push({ file, pointer: e.instancePath, message: `"${params.missingProperty}" is required here.` })
        break
      default:
        out.push({ file, pointer: e.instancePath, message: `${e.message ?? 'is not valid'} (found ${JSON.stringify(e.data)}).` })
    }
  }
  return out
}

/** Delete every key or array item an error points at (unknown keys by name); false when none could go. */
function removeRefused(json: JsonSchema, errors: readonly ErrorObject[]): boolean {
  const pointers = new Set<string>()
  for (const e of errors) {
    if (e.keyword === 'additionalProperties') pointers.add(joinPointer(...e.instancePath.split('/').slice(1), String((e.params as { additionalProperty: string }).additionalProperty)))
    else if (e.keyword !== 'required' && e.instancePath) pointers.add(e.instancePath)
  }
  let removed = false
  // Deepest and last items first, so removing one array item does not shift the next one's index.
  for (const pointer of [...pointers].sort().reverse()) {
    const keys = pointer.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    const last = keys.pop()!
    let node: unknown = json
    for (const key of keys) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined
    if (Array.isArray(node)) {
      node.splice(Number(last), 1)
      removed = true
    } else if (node && typeof node === 'object' && last in node) {
      delete (node as Record<string, unknown>)[last]
      removed = true
    }
  }
  return removed
}

/** ajv's strict-mode message names the keyword but not where it is; find its first use. */
function pointerOfUnknownKeyword(source: JsonSchema, message: string): string {
  const keyword = message.match(/unknown keyword: "([^"]+)"/)?.[1]
  if (!keyword) return ''
  const find = (node: unknown, pointer: string): string | undefined => {
    if (node === null || typeof node !== 'object') return undefined
    if (!Array.isArray(node) && keyword in node) return joinPointer(...pointer.split('/').slice(1), keyword)
    for (const [key, value] of Object.entries(node)) {
      const found = find(value, `${pointer}/${key}`)
      if (found) return found
    }
    return undefined
  }
  return find(source, '') ?? ''
}

function refersToBroken(schema: JsonSchema, broken: ReadonlySet<string>): boolean {
  const refs = JSON.stringify(schema).match(/"\$ref":"([^"#]+)/g) ?? []
  return refs.some((r) => broken.has(`entity:${r.slice(8)}`))
}
