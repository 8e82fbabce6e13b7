/**
 * A template is a task form's values whose text may hold {{variables}}; each row of values
 * fills them in to make one input of a batch. Filling happens here, before sending: the server
 * checks every filled input as it checks a single submission.
 */

const VARIABLE = /\{\{\s*([^{}\s](?:[^{}]*[^{}\s])?)\s*\}\}/g

/** The variables named anywhere in the values' text, once each, in the order they first appear. */
export function templateVariables(values: unknown): string[] {
  const found = new Set<string>()
  visitText(values, (text) => {
    for (const match of text.matchAll(VARIABLE)) found.add(match[1]!)
  })
  return [...found]
}

/** The values with every {{variable}} replaced by the row's value for it (missing ones by nothing). */
export function fillTemplate<T>(values: T, row: Readonly<Record<string, string>>): T {
  return mapText(values, (text) => text.replace(VARIABLE, (_, name: string) => row[name] ?? '')) as T
}

/**
 * One input per row. A title the variables leave the same for every row is numbered, so the
 * videos of a batch can be told apart in the lists.
 */
export function batchInputs(values: Record<string, unknown>, rows: readonly Readonly<Record<string, string>>[]): Record<string, unknown>[] {
  const titled = typeof values.title === 'string' && templateVariables(values.title).length === 0
  return rows.map((row, i) => {
    const input = fillTemplate(values, row)
    return titled ? { ...input, title: `${String(values.title).slice(0, 54)} · ${i + 1}` } : input
  })
}

/**
 * Rows pasted from a spreadsheet: a line a row, its cells apart by tabs, in the variables'
 * order. A line with one cell fills the first variable; blank lines are skipped.
 */
export function parseRows(text: string, variables: readonly string[]): Record<string, string>[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cells = line.split('\t')
      return Object.fromEntries(variables.map((name, i) => [name, (cells[i] ?? '').trim()]))
    })
}

/** The first row with a variable left empty, and which: a video would say nothing where it goes. */
export function firstGap(rows: readonly Readonly<Record<string, string>>[], variables: readonly string[]): { row: number; variable: string } | undefined {
  for (const [row, values] of rows.entries()) {
    const variable = variables.find((name) => (values[name] ?? '').trim() === '')
    if (variable !== undefined) return { row, variable }
  }
  return undefined
}

function visitText(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') visit(value)
  else if (Array.isArray(value)) value.forEach((item) => visitText(item, visit))
  else if (value !== null && typeof value === 'object') Object.values(value).forEach((item) => visitText(item, visit))
}

function mapText(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value)
  if (Array.isArray(value)) return value.map((item) => mapText(item, map))
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapText(item, map)]))
  return value
}
