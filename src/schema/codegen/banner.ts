/** Every generated file carries this phrase; the writer only ever deletes files that do. */
export const GENERATED_MARKER = 'Generated from schemas/ by `npm run codegen`'

/** The opening comment of a generated TypeScript file; `about` says what the file holds. */
export function generatedBanner(about: readonly string[]): string {
  const lines = [
    `${GENERATED_MARKER}. Do not edit by hand: change the schema files and run it again;`,
    '`npm run codegen -- --check` fails while this file is stale.',
    ...(about.length > 0 ? ['', ...about] : []),
  ]
  return docComment(lines)
}

/** A JSDoc block; `*\/` inside the text would end the comment early, so it is broken up. */
export function docComment(lines: readonly string[], indent = ''): string {
  const body = lines.map((line) => `${indent} *${line ? ' ' + line.replace(/\*\//g, '*\\/') : ''}`)
  return [`${indent}/**`, ...body, `${indent} */`].join('\n')
}
