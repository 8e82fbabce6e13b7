/**
 * A text cell a spreadsheet will show and never evaluate. Excel, LibreOffice and Google
 * Sheets read a cell that starts with = + - @ (or a tab or carriage return before one) as a
 * formula, so an account named =HYPERLINK(...) would run in whoever opens the export
 * (OWASP "CSV injection"). A leading ' makes it plain text, and the apostrophe itself is not shown.
 */
export function spreadsheetText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/** Numbers stay numbers; null and undefined are empty cells; text is made safe. */
export function spreadsheetCell(value: unknown): string | number {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return value
  return spreadsheetText(String(value))
}
