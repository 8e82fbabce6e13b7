import qs from 'qs'
import type { EndpointDef, JsonSchema } from '../../src/schema/types'
import { escapePointerToken } from '../../src/schema/pointer'

/**
 * Strings that break code which builds SQL, paths or markup by hand, or which assumes
 * one byte per character. NUL and half a surrogate pair are text no database stores as sent.
 */
export const HOSTILE_STRINGS: Record<string, string> = {
  'SQL tautology': "' OR 1=1 --",
  'SQL statement': "'; DROP TABLE account; --",
  'path traversal': '../../etc/passwd',
  'HTML script': '<script>alert(1)</script>',
  emoji: '😀🎬',
  'NUL character': '\u0000',
  'half a surrogate pair': 'x\ud83d',
  'long unicode': 'é中😀'.repeat(4000),
}

/**
 * Addresses a logo, avatar or link field ("format": "media-url") must refuse: they would run
 * script, load from anywhere, or read differently in a browser than in a check.
 */
export const HOSTILE_URLS: Record<string, string> = {
  'a javascript: URL': 'javascript:alert(document.cookie)',
  'a javascript: URL in mixed case': 'JaVaScRiPt:alert(1)',
  'a data: URL': 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'a vbscript: URL': 'vbscript:msgbox(1)',
  'a protocol-relative URL': '//evil.example/logo.png',
  'a leading space': ' javascript:alert(1)',
  'a tab inside the scheme': 'java\tscript:alert(1)',
  'a line break inside the scheme': 'java\nscript:alert(1)',
  'a zero-width space in front': '\u200bhttps://evil.example/logo.png',
  'a trailing line break': 'https://cdn.example.com/logo.png\n',
  'backslashes for slashes': 'https:\\\\evil.example\\logo.png',
  'credentials hiding the host': 'https://cdn.example.com@evil.example/logo.png',
  'a path out of the uploads': '/uploads/../data/console.sqlite',
}

/** Addresses such a field must take: an https address (a CDN, the bucket) and a file this server stores. */
export const MEDIA_URLS: Record<string, string> = {
  'an https address': 'https://cdn.example.com/brand/logo.png',
  'an uploaded file': '/uploads/2026-11/0123456789abcdef0123456789abcdef.png',
}

/** Values that are only blank: every string that must not be empty must refuse them. */
export const BLANK_STRINGS: Record<string, string> = {
  spaces: ' ',
  'ideographic spaces': '\u3000',
  'tabs and line breaks': '\t\n\r',
  'zero-width spaces': '\u200b',
  'no-break spaces': '\u00a0',
}

/** What goes on the wire: a query string for GET, a raw payload (and its content type) for POST. */
export interface WireRequest {
  method?: 'GET' | 'POST'
  query?: string
  payload?: string
  contentType?: string
}

export interface InputCase {
  group: string
  name: string
  /** JSON pointer of what the case breaks; field errors must point there or below. */
  pointer?: string
  /** A hand-written multipart body: judged by its pointer, not by the JSON schema. */
  multipart?: true
  /** Transport failures have one right status; every other case is judged against the schema. */
  status?: number
  /** Refused whatever the schema says: a blank name, a hostile address. */
  refused?: true
  /** The request, from a valid baseline input of the endpoint. */
  request(base: Record<string, unknown>, bodyLimit: number): WireRequest
}

type Resolve = (schema: JsonSchema) => JsonSchema
interface ValueCase {
  group: string
  name: string
  refused?: true
  value(bodyLimit: number): unknown
}

const WRONG_TYPES: Record<string, unknown> = { string: 'text', number: 123, boolean: true, null: null, object: { b: { c: '1' } }, array: ['a', 'b'] }

/**
 * Every bad (and borderline) input the endpoint's request schema suggests: per field wrong
 * types, lengths, enums, numbers, hostile strings; missing and unknown fields; and the
 * transport failures (malformed JSON, content types, size) every route must survive.
 */
export function inputCases(endpoint: EndpointDef, resolve: Resolve): InputCase[] {
  if (endpoint.files) return [...multipartCases(endpoint), ...wrongMethodCases(endpoint)]
  const where = endpoint.method === 'GET' ? 'query' : 'body'
  const schema = (where === 'query' ? endpoint.request.query : endpoint.request.body) ?? { type: 'object', properties: {} }
  const encode = (input: unknown) => wireRequest(endpoint, input)
  const cases: InputCase[] = [{ group: 'valid baseline', name: 'the baseline input', request: (base) => encode(base) }]
  for (const c of objectCases(resolve(schema), [], where, resolve)) {
    cases.push({ group: c.group, name: c.name, pointer: c.pointer, ...(c.refused ? { refused: true } : {}), request: (base, limit) => encode(c.apply(base, limit)) })
  }
  cases.push(...(where === 'query' ? queryStringCases() : bodyCases()))
  cases.push(...wrongMethodCases(endpoint))
  return cases
}

/** An input as the console sends it: the query string of a GET, the JSON body of a POST. */
export function wireRequest(endpoint: EndpointDef, input: unknown): WireRequest {
  if (endpoint.files) return multipart(Object.keys(endpoint.files).map((name) => ({ name, filename: 'empty.bin', content: '' })))
  return endpoint.method === 'GET' ? { query: queryString(input) } : { payload: JSON.stringify(input), contentType: 'application/json' }
}

/** qs with brackets, as the console serialises queries: host[]=a&host[]=b, a[b][c]=1 (percent-encoded). */
export function queryString(input: unknown): string {
  return qs.stringify(input, { arrayFormat: 'brackets' })
}

interface FieldCase {
  group: string
  name: string
  pointer: string
  refused?: true
  apply(base: Record<string, unknown>, bodyLimit: number): unknown
}

function objectCases(schema: JsonSchema, path: string[], where: 'query' | 'body', resolve: Resolve): FieldCase[] {
  const out: FieldCase[] = []
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const at = (...tokens: string[]) => [...path, ...tokens].map((t) => '/' + escapePointerToken(t)).join('')
  const label = (...tokens: string[]) => [...path, ...tokens].join('.')
  for (const [name, raw] of Object.entries(properties)) {
    const property = resolve(raw)
    for (const v of valueCases(property, where, resolve)) {
      out.push({ group: v.group, name: `${label(name)}: ${v.name}`, pointer: at(name), refused: v.refused, apply: (base, limit) => setAt(base, [...path, name], v.value(limit)) })
    }
    if (typesOf(property).includes('object')) out.push(...objectCases(property, [...path, name], where, resolve))
  }
  for (const name of (schema.required ?? []) as string[]) {
    out.push({ group: 'required fields', name: `missing ${label(name)}`, pointer: at(name), apply: (base) => setAt(base, [...path, name], undefined) })
  }
  for (const name of ['unexpected_field', '../../etc/passwd', "x'; DROP TABLE account; --"]) {
    out.push({ group: 'unknown fields', name: `unknown field ${JSON.stringify(label(name))}`, pointer: at(name), apply: (base) => setAt(base, [...path, name], 'x') })
  }
  return out
}

function valueCases(schema: JsonSchema, where: 'query' | 'body', resolve: Resolve): ValueCase[] {
  const types = typesOf(schema)
  const out: ValueCase[] = []
  const add = (group: string, name: string, value: (limit: number) => unknown) => out.push({ group, name, value })
  for (const [type, value] of Object.entries(WRONG_TYPES)) {
    if (!types.includes(type) && !(type === 'number' && types.includes('integer'))) add('wrong types', `wrong type (${type})`, () => value)
  }
  if (types.includes('string')) out.push(...stringCases(schema, where))
  if (types.includes('integer') || types.includes('number')) out.push(...numberCases(schema, types.includes('integer')))
  if (Array.isArray(schema.enum)) {
    const values = schema.enum as unknown[]
    const numbers = values.filter((v): v is number => typeof v === 'number')
    add('enums', 'a value outside the enum', () => (numbers.length > 0 ? Math.max(...numbers) + 1 : 'not-one-of-them'))
    add('enums', 'an SQL fragment for an enum', () => 'id; DROP TABLE account; --')
  }
  if (types.includes('array')) out.push(...arrayCases(schema, where, resolve))
  return out
}

function stringCases(schema: JsonSchema, where: 'query' | 'body'): ValueCase[] {
  const out: ValueCase[] = []
  const add = (group: string, name: string, value: (limit: number) => unknown) => out.push({ group, name, value })
  const max = schema.maxLength as number | undefined
  const min = schema.minLength as number | undefined
  if (max !== undefined) {
    add('lengths', `${max + 1} characters (one over maxLength)`, () => 'a'.repeat(max + 1))
    add('lengths', `${max} characters (at maxLength)`, () => 'a'.repeat(max))
    add('lengths', `${max} emoji (at maxLength, ${max * 4} bytes)`, () => '😀'.repeat(max))
    add('lengths', `${max + 1} emoji (one over maxLength)`, () => '😀'.repeat(max + 1))
  }
  if (min !== undefined && min > 0) add('lengths', 'an empty string', () => '')
  // A URL this long is refused by any real HTTP server before the app sees it; in a body it must be a clean validation failure.
  if (where === 'body') add('lengths', 'a string of almost the whole body limit', (limit) => 'a'.repeat(limit - 16 * 1024))
  for (const [name, text] of Object.entries(HOSTILE_STRINGS)) add('hostile strings', name, () => text)
  // A string that must hold something must not hold only spaces (passwords and other secrets excepted), at a length it otherwise takes.
  const secret = schema['x-widget'] === 'password' || schema.writeOnly === true
  if (min !== undefined && min > 0 && !secret) {
    const length = Math.min(max ?? min, Math.max(min, 3))
    for (const [name, text] of Object.entries(BLANK_STRINGS)) out.push({ group: 'blank values', name, refused: true, value: () => text.repeat(Math.ceil(length / text.length)).slice(0, length) })
  }
  if (schema.format === 'media-url') {
    for (const [name, url] of Object.entries(HOSTILE_URLS)) out.push({ group: 'hostile URLs', name, refused: true, value: () => url })
    for (const [name, url] of Object.entries(MEDIA_URLS)) add('hostile URLs', name, () => url)
  }
  return out
}

function numberCases(schema: JsonSchema, integer: boolean): ValueCase[] {
  const values: [string, number | string][] = [
    ['negative', -1],
    ['zero', 0],
    ['beyond 32 bits', 2 ** 31],
    ['beyond 53 bits', 2 ** 53 + 2],
    ['huge', 1e300],
    ['a numeric string', '1'],
  ]
  if (integer) values.push(['fractional', 1.5])
  if (typeof schema.minimum === 'number') values.push(['one under minimum', schema.minimum - 1])
  if (typeof schema.maximum === 'number') values.push(['one over maximum', schema.maximum + 1])
  return values.map(([name, value]) => ({ group: 'numbers', name, value: () => value }))
}

function arrayCases(schema: JsonSchema, where: 'query' | 'body', resolve: Resolve): ValueCase[] {
  const out: ValueCase[] = [{ group: 'arrays', name: 'an empty array', value: () => [] }]
  const items = resolve((schema.items ?? {}) as JsonSchema)
  const maxItems = schema.maxItems as number | undefined
  if (maxItems !== undefined) out.push({ group: 'arrays', name: `${maxItems + 1} items (one over maxItems)`, value: () => Array.from({ length: maxItems + 1 }, (_, i) => i + 1) })
  if (schema.uniqueItems === true) out.push({ group: 'arrays', name: 'a repeated item', value: () => [1, 1] })
  for (const v of valueCases(items, where, resolve)) {
    if (v.group !== 'lengths') out.push({ group: 'arrays', name: `item: ${v.name}`, refused: v.refused, value: (limit) => [v.value(limit)] })
  }
  return out
}

/** The body as a whole: not an object, not JSON, not JSON at all, or more than the server takes. */
function bodyCases(): InputCase[] {
  const json = (payload: string): WireRequest => ({ payload, contentType: 'application/json' })
  const raw = (name: string, status: number, request: InputCase['request']): InputCase => ({ group: 'transport', name, status, request })
  return [
    ...[['an array', '[]'], ['a string', '"text"'], ['a number', '42'], ['true', 'true']].map(
      ([name, payload]): InputCase => ({ group: 'whole body', name: `the body is ${name}`, pointer: '', request: () => json(payload!) }),
    ),
    { group: 'whole body', name: 'the body is nested 100,000 deep', pointer: '', request: () => json('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)) },
    raw('malformed JSON', 400, () => json('{bad')),
    raw('truncated JSON', 400, (base) => json(JSON.stringify(base).slice(0, -1))),
    raw('an empty body sent as JSON', 400, () => json('')),
    raw('text/plain', 415, (base) => ({ payload: JSON.stringify(base), contentType: 'text/plain' })),
    raw('a form post', 415, (base) => ({ payload: queryString(base), contentType: 'application/x-www-form-urlencoded' })),
    raw('multipart', 415, () => ({ payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n', contentType: 'multipart/form-data; boundary=xyz' })),
    raw('a body with no content type', 415, (base) => ({ payload: JSON.stringify(base) })),
    raw('a body over the size limit', 413, (base, limit) => json(JSON.stringify({ ...base, pad: 'a'.repeat(limit) }))),
    raw('__proto__ pollution', 400, (base) => json(JSON.stringify(base).replace(/^\{/, '{"__proto__":{"polluted":"yes"},'))),
    raw('constructor.prototype pollution', 400, (base) => json(JSON.stringify(base).replace(/^\{/, '{"constructor":{"prototype":{"polluted":"yes"}},'))),
  ]
}

interface Part {
  name: string
  filename?: string
  content: string
}

/** A multipart/form-data body written out by hand, so a case can put anything in it. */
function multipart(parts: Part[]): WireRequest {
  const boundary = 'sweep7f3a9c'
  const body = parts
    .map((p) => `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"\r\nContent-Type: application/octet-stream` : ''}\r\n\r\n${p.content}\r\n`)
    .join('')
  return { payload: `${body}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` }
}

/**
 * For calls that take files: every declared part missing, too large or of a type it is not;
 * an unknown part; hostile file names; and JSON where multipart is expected.
 */
function multipartCases(endpoint: EndpointDef): InputCase[] {
  const files = endpoint.files!
  const filler = (except: string) => Object.keys(files).filter((n) => n !== except).map((name) => ({ name, filename: 'other.bin', content: 'x' }))
  const cases: InputCase[] = []
  const add = (name: string, pointer: string, parts: () => Part[]) => cases.push({ group: 'file parts', name, pointer, multipart: true, request: () => multipart(parts()) })
  for (const [name, spec] of Object.entries(files)) {
    if (spec.required) add(`missing ${name}`, `/${name}`, () => filler(name))
    add(`${name}: one byte over ${spec.maxBytes} bytes`, `/${name}`, () => [...filler(name), { name, filename: 'big.bin', content: 'a'.repeat(spec.maxBytes + 1) }])
    if (spec.types) {
      for (const [label, content] of Object.entries(HOSTILE_STRINGS).slice(0, 5)) {
        add(`${name}: ${label} as the file`, `/${name}`, () => [...filler(name), { name, filename: `${label}.png`, content }])
      }
    }
  }
  add('an unknown file part', '/unexpected_file', () => [...Object.keys(files).map((name) => ({ name, filename: '../../etc/passwd', content: 'x' })), { name: 'unexpected_file', filename: 'a.txt', content: 'x' }])
  cases.push({ group: 'transport', name: 'JSON instead of multipart', status: 415, request: () => ({ payload: '{}', contentType: 'application/json' }) })
  cases.push({ group: 'transport', name: 'a multipart body with no boundary', status: 400, request: () => ({ payload: 'x', contentType: 'multipart/form-data' }) })
  return cases
}

/** Query strings no form would send; the server parses them as qs does and judges the result. */
function queryStringCases(): InputCase[] {
  const extras: [string, string][] = [
    ['nested unknown params', 'a[b][c]=1'],
    ['array-valued unknown params', 'host_x[]=a&host_x[]=b'],
    ['__proto__ in the query', '__proto__[polluted]=yes'],
    ['constructor.prototype in the query', 'constructor[prototype][polluted]=yes'],
    ['broken percent-encoding', 'x=%E0%A4%A'],
    ['a hostile token param', `token=${encodeURIComponent("' OR 1=1 --")}`],
    ['a hostile ticket param', `ticket=${encodeURIComponent("' OR 1=1 --")}`],
    ['more params than the parser takes', Array.from({ length: 250 }, (_, i) => `p${i}=1`).join('&')],
  ]
  return extras.map(([name, extra]) => ({ group: 'query string', name, request: (base) => ({ query: [queryString(base), extra].filter(Boolean).join('&') }) }))
}

function wrongMethodCases(endpoint: EndpointDef): InputCase[] {
  const method = endpoint.method === 'GET' ? 'POST' : 'GET'
  return [{ group: 'transport', name: `${method} instead of ${endpoint.method}`, status: 404, request: () => ({ method, ...(method === 'POST' ? { payload: '{}', contentType: 'application/json' } : {}) }) }]
}

export function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[]
  if (typeof schema.type === 'string') return [schema.type]
  const values = (Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : []) as unknown[]
  const inferred = values.map((v) => (v === null ? 'null' : Number.isInteger(v) ? 'integer' : Array.isArray(v) ? 'array' : typeof v))
  return inferred.length > 0 ? [...new Set(inferred)] : ['string']
}

/** A copy of `input` with the value at `path` set, or removed when `value` is undefined. */
function setAt(input: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(input)
  let node: Record<string, unknown> = copy
  for (const token of path.slice(0, -1)) {
    if (node[token] === null || typeof node[token] !== 'object') node[token] = {}
    node = node[token] as Record<string, unknown>
  }
  const last = path[path.length - 1]!
  if (value === undefined) delete node[last]
  else node[last] = value
  return copy
}
