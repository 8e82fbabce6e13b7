/**
 * What a spreadsheet reads as the start of a formula: = + - @, or their fullwidth forms
 * (Apple Numbers folds ＝ ＋ － ＠ into the ASCII ones, as csv-stringify's own formula escaping
 * notes), after any run of blanks and control characters. Spreadsheets and their CSV import
 * dialogs trim leading spaces, tabs, line breaks and invisible characters before they look
 * at the first one, so " =1+1" or "\u200B@SUM(A1)" are formulas as much as "=1+1" is.
 */
const FORMULA_START = /^[\s\p{Cc}\p{Cf}\p{Z}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u

/** A cell that opens with a tab or a line break is shifted or split by some importers, whatever follows. */
const LEADING_BREAK = /^[\t\r\n]/

/**
 * Every character some reader takes for the end of a line: CR and LF (alone or as CRLF),
 * vertical tab, form feed, the information separators Python's splitlines() honours, NEL and
 * the Unicode line and paragraph separators. A field holding any of them is quoted, so it stays
 * one cell of one row instead of starting a new row (whose first cell could be a formula).
 */
export const LINE_BREAK = /[\n\v\f\r\u001C-\u001E\u0085\u2028\u2029]/

/**
 * A text cell a spreadsheet will show and never evaluate. Excel, LibreOffice and Google
 * Sheets run a cell that starts with a formula, so an account named =HYPERLINK(...) would run
 * in whoever opens the export (OWASP "CSV injection"). A leading ' makes it plain text, and
 * the apostrophe itself is not shown.
 */
export function spreadsheetText(value: string): string {
  return LEADING_BREAK.test(value) || FORMULA_START.test(value) ? `'${value}` : value
}

/** Numbers stay numbers; null and undefined are empty cells; text is made safe. */
export function spreadsheetCell(value: unknown): string | number {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return value
  return spreadsheetText(String(value))
}
