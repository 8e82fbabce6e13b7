import { isDeepStrictEqual } from 'node:util'
import type { Compilable } from 'kysely'

/** SQL text and the values to bind to it. */
export interface FilledQuery {
  sql: string
  parameters: readonly unknown[]
}

/** How a template's bound value is found: one of the call's values, a constant of the shape, or text around call values. */
const SLOT = 0
const CONSTANT = 1
const TEXT = 2

interface Template {
  sql: string
  kinds: Uint8Array
  /** By parameter: the value's index (SLOT), the value (CONSTANT), or the text's pieces, values at the odd places (TEXT). */
  sources: unknown[]
}

/** Stand-in for the i-th value while a shape is compiled: no value a request may send holds NUL (validators.ts refuses it). */
const standIn = (i: number) => `\u0000${i}\u0000`
const STAND_IN = /\u0000(\d+)\u0000/

/**
 * Queries built with Kysely and compiled once per shape. Kysely builds and compiles a query
 * anew on each call, which for a list's count, page and titles cost more than running them
 * on an index; between two requests of the same shape only values change. `fill` compiles
 * a shape (its `key`) once, with stand-ins for the call's values, and afterwards only puts
 * the values in their places.
 *
 * The key must name everything the SQL text and its constants depend on; `values` are all
 * that may differ between calls of one key. With `check` (outside production) every call
 * also builds the query afresh and fails loudly where the two differ, so a key that leaves
 * something out shows in the tests.
 */
export class QueryTemplates {
  readonly #templates = new Map<string, Template | null>()

  constructor(
    private readonly check: boolean,
    private readonly size = 1000,
  ) {}

  /** The SQL and values of `build(values)`; `build` must place each value where Kysely binds it, never in the SQL text. */
  fill(key: string, values: readonly unknown[], build: (values: readonly unknown[]) => Compilable): FilledQuery {
    let template = this.#templates.get(key)
    if (template === undefined) {
      template = compileTemplate(values.length, build)
      if (this.#templates.size >= this.size) this.#templates.delete(this.#templates.keys().next().value!)
      this.#templates.set(key, template)
    }
    if (template === null) return build(values).compile()
    const filled = { sql: template.sql, parameters: fillIn(template, values) }
    if (this.check) {
      const fresh = build(values).compile()
      if (fresh.sql !== filled.sql || !isDeepStrictEqual(fresh.parameters, filled.parameters)) {
        throw new Error(`The query template "${key}" no longer gives what Kysely builds for these values: its key leaves out something the query depends on.\n template: ${filled.sql} ${JSON.stringify(filled.parameters)}\n built:    ${fresh.sql} ${JSON.stringify(fresh.parameters)}`)
      }
    }
    return filled
  }
}

/** Null when the shape puts a value into its SQL text rather than binding it: such a query is built every time. */
function compileTemplate(count: number, build: (values: readonly unknown[]) => Compilable): Template | null {
  const compiled = build(Array.from({ length: count }, (_, i) => standIn(i))).compile()
  if (compiled.sql.includes('\u0000')) return null
  const kinds = new Uint8Array(compiled.parameters.length)
  const sources = compiled.parameters.map((parameter, i) => {
    if (typeof parameter !== 'string' || !parameter.includes('\u0000')) {
      kinds[i] = CONSTANT
      return parameter
    }
    const pieces = parameter.split(STAND_IN)
    if (pieces.length === 3 && pieces[0] === '' && pieces[2] === '') {
      kinds[i] = SLOT
      return Number(pieces[1])
    }
    kinds[i] = TEXT
    return pieces.map((piece, j) => (j % 2 === 1 ? Number(piece) : piece))
  })
  return { sql: compiled.sql, kinds, sources }
}

function fillIn(template: Template, values: readonly unknown[]): unknown[] {
  const { kinds, sources } = template
  const out = new Array<unknown>(kinds.length)
  for (let i = 0; i < kinds.length; i++) {
    const source = sources[i]
    if (kinds[i] === SLOT) out[i] = values[source as number]
    else if (kinds[i] === CONSTANT) out[i] = source
    else out[i] = (source as (string | number)[]).map((piece, j) => (j % 2 === 1 ? String(values[piece as number]) : piece)).join('')
  }
  return out
}

const perDatabase = new WeakMap<object, QueryTemplates>()

/** The templates of one database's queries (`db`, the services' Kysely instance), checked when `check`. */
export function queryTemplates(db: object, check: boolean): QueryTemplates {
  let templates = perDatabase.get(db)
  if (!templates) perDatabase.set(db, (templates = new QueryTemplates(check)))
  return templates
}
