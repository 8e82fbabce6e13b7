import type { JsonSchema, ParsedSchemaFile } from './types'

/**
 * A schema file as the console receives it, or undefined for a file the console never reads.
 * The console builds its pages from the registry, so it gets neither the meta-schemas (they
 * only check files, as the server did at its start) nor the migrations (they change the
 * database, not the registry), nor a file's "$schema" (the meta-schema it is checked against),
 * and no "description" or endpoint "summary": they are the API's documentation, in English
 * only, and never reach a page, which shows "x-label" and "x-help" instead (help-checks.ts).
 * About a third of the document.
 */
export function consoleSchemaFile(file: ParsedSchemaFile): ParsedSchemaFile | undefined {
  if (file.path.startsWith('meta/') || file.path.startsWith('migrations/')) return undefined
  const { $schema: _meta, ...json } = withoutDescriptions(file.json) as JsonSchema
  if (file.path.startsWith('endpoints/')) delete json.summary
  return { path: file.path, json }
}

/** Values a schema holds as data, not as a schema: a "description" key inside them is the data's own. */
const DATA_KEYWORDS = new Set(['default', 'const', 'enum', 'examples', 'x-example'])

function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    // A property named "description" is an object (its schema); only the keyword is text.
    if (key === 'description' && typeof inner === 'string') continue
    out[key] = DATA_KEYWORDS.has(key) ? inner : withoutDescriptions(inner)
  }
  return out
}

/**
 * What a page that calls only `endpoints` needs of the console's files: each endpoint's own
 * file, the entities and task kinds it names, refers to ($ref) or points at (x-relation), and
 * theirs in turn, with the shared schemas and the navigation (which every registry has) without
 * its route groups. The registry the console assembles from them holds those endpoints whole.
 * Undefined when an endpoint has no file of its own.
 */
export function filesForEndpoints(files: readonly ParsedSchemaFile[], endpoints: readonly string[]): ParsedSchemaFile[] | undefined {
  const byPath = new Map(files.map((f) => [f.path, f]))
  const byId = new Map<string, ParsedSchemaFile>()
  for (const f of files) if (typeof f.json.$id === 'string') byId.set(f.json.$id, f)
  const wanted = new Set<ParsedSchemaFile>()
  const take = (file: ParsedSchemaFile | undefined) => {
    if (!file || wanted.has(file)) return
    wanted.add(file)
    for (const name of namesIn(file.json)) take(byId.get(name))
  }
  for (const endpoint of endpoints) {
    const file = byPath.get(`endpoints/${endpoint}.json`)
    if (!file) return undefined
    take(file)
  }
  for (const f of files) if (f.path.startsWith('shared/')) wanted.add(f)
  const navigation = files.find((f) => f.path === NAVIGATION)
  // Without its routes: they name every screen's files, and a page of a few endpoints has no menu.
  return [...files.filter((f) => wanted.has(f)), ...(navigation ? [{ path: NAVIGATION, json: { ...navigation.json, groups: [] } }] : [])]
}

const NAVIGATION = 'navigation.json'

/** The schema ids a file names: an endpoint's entity, every $ref's file and every x-relation's entity. */
function namesIn(json: unknown): string[] {
  const names: string[] = []
  const visit = (value: unknown, key?: string) => {
    if (typeof value === 'string') {
      if (key === '$ref' && !value.startsWith('#')) names.push(value.split('#')[0]!)
      else if (key === 'x-relation' || key === 'entity') names.push(value)
    } else if (Array.isArray(value)) value.forEach((item) => visit(item))
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, k)
  }
  visit(json)
  return names
}
