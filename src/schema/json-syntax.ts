/**
 * A JSON syntax error said as an editor shows it: line and column, and what is there.
 * Node 20's JSON.parse names only a character offset ("at position 812"), which nobody
 * can find in a file by eye.
 */
export function describeJsonSyntaxError(text: string, error: Error): string {
  const reason = error.message.replace(/^JSON\.parse: /, '').replace(/ in JSON at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)$/, '')
  const offset = positionOf(text, error.message)
  if (offset === undefined) return `is not valid JSON: ${reason}.`
  const { line, column } = lineAndColumn(text, offset)
  const lineText = text.split('\n')[line - 1] ?? ''
  return `is not valid JSON at line ${line}, column ${column}: ${reason}. The line reads: ${JSON.stringify(lineText.trim().slice(0, 80))}.`
}

function positionOf(text: string, message: string): number | undefined {
  const position = message.match(/at position (\d+)/)?.[1]
  if (position !== undefined) return Number(position)
  // "Unexpected end of JSON input" has no position: the problem is at the end.
  if (/end of JSON input/.test(message)) return text.length
  return undefined
}

/** 1-based, as editors count. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  const column = offset - (before.lastIndexOf('\n') + 1) + 1
  return { line, column }
}
