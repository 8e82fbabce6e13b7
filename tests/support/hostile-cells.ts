import { parse } from 'csv-parse/sync'

/**
 * Texts that try to become a formula, or a row of their own, in whoever opens an export:
 * formula starts in ASCII and fullwidth, behind blanks and invisible characters, and after
 * every kind of line break. Each fits a card's name (1 to 60 characters) and its remark.
 */
export const HOSTILE_CELLS: readonly string[] = [
  '=1+1',
  '+1+cmd',
  '-2+3',
  '@SUM(A1)',
  '=cmd|"/c calc"!A1',
  '＝1+1',
  '＋1',
  '－1',
  '＠SUM(A1)',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '\r\n@SUM(A1)',
  ' =1+1',
  '   +1',
  '\u00A0=1+1',
  '\u3000=1+1',
  '\u200B=1+1',
  '\uFEFF@SUM(A1)',
  '\u0001=1+1',
  '\u001F-1',
  'note\n=HYPERLINK("http://evil.example","x")',
  'note\r=1+1',
  'note\r\n+1',
  'note\n\n-2',
  'note\u2028=1+1',
  'note\u2029@SUM(A1)',
  'note\u0085=1+1',
  'note\v=1+1',
  'note\f=1+1',
  'a,b,=1+1',
  'say "=1+1"',
  '备注\n＝1+1',
  'plain remark',
]

/** Where a reader ends a line: a field holding one must be quoted to stay in its row. */
const LINE_BREAKS = ['\r\n', '\n', '\r', '\v', '\f', '\u001C', '\u001D', '\u001E', '\u0085', '\u2028', '\u2029']

/**
 * The rows of a CSV file as a strict reader sees them: every line break outside quotes ends a
 * row, whatever kind it is, so a field that is not quoted but holds one shows as an extra row.
 */
export function parseCsvStrictly(text: string): string[][] {
  return parse(text, { bom: true, record_delimiter: LINE_BREAKS, relax_column_count: true }) as string[][]
}

/**
 * Whether a spreadsheet would take the cell for a formula: its first character that is not a
 * blank, a control or an invisible format character is one that starts a formula.
 */
export function startsFormula(cell: string): boolean {
  for (const char of cell) {
    if (/[\s\p{Cc}\p{Cf}\p{Z}]/u.test(char)) continue
    return '=+-@＝＋－＠'.includes(char)
  }
  return false
}
