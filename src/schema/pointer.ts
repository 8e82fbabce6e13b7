/** JSON pointers (RFC 6901): the way problems and validation errors say where. */

export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1')
}

export function joinPointer(...tokens: (string | number)[]): string {
  return tokens.map((t) => '/' + escapePointerToken(t)).join('')
}

/** The value at `pointer` in `doc`, or undefined when any step is missing. */
export function getAtPointer(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc
  let node: unknown = doc
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (node === null || typeof node !== 'object' || !(token in (node as object))) return undefined
    node = (node as Record<string, unknown>)[token]
  }
  return node
}
