/** One thing wrong in a schema file: where it is and what to do about it. */
export interface SchemaProblem {
  /** Path from the project root, e.g. schemas/resources/domain.json. */
  file: string
  /** JSON pointer into the file; empty for the whole file. */
  pointer: string
  message: string
}

export function formatProblem(p: SchemaProblem): string {
  return `${p.file}${p.pointer ? `#${p.pointer}` : ''}: ${p.message}`
}

/** Thrown when the schema files do not load; carries every problem found, not just the first. */
export class SchemaError extends Error {
  readonly code = 'SCHEMA_INVALID'
  constructor(readonly problems: readonly SchemaProblem[]) {
    super(
      `${problems.length} problem${problems.length === 1 ? '' : 's'} in schemas/:\n` +
        problems.map((p) => `  - ${formatProblem(p)}`).join('\n'),
    )
    this.name = 'SchemaError'
  }
}
