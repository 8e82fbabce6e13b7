/** One line of the closing table; `met` is left out where a figure has no target of its own. */
export interface ReportRow {
  label: string
  value: string
  target?: string
  met?: boolean
}

export function printReport(title: string, rows: readonly ReportRow[]): void {
  const width = (pick: (r: ReportRow) => string) => Math.max(...rows.map((r) => pick(r).length))
  const labelWidth = width((r) => r.label)
  const valueWidth = width((r) => r.value)
  const targetWidth = Math.max(6, width((r) => r.target ?? ''))
  console.log(`\n${title}`)
  console.log(`  ${'figure'.padEnd(labelWidth)}  ${'value'.padStart(valueWidth)}  ${'target'.padEnd(targetWidth)}  met`)
  for (const row of rows) {
    const met = row.met === undefined ? '' : row.met ? 'yes' : 'NO'
    console.log(`  ${row.label.padEnd(labelWidth)}  ${row.value.padStart(valueWidth)}  ${(row.target ?? '').padEnd(targetWidth)}  ${met}`)
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** "812 (790–830)": the median with its spread, so one noisy run does not hide. */
export function spread(values: readonly number[], digits = 0): string {
  const f = (n: number) => n.toFixed(digits)
  return values.length > 1 ? `${f(median(values))} (${f(Math.min(...values))}–${f(Math.max(...values))})` : f(values[0] ?? NaN)
}

/** The nearest-rank percentile: the smallest value at least `p` percent of the values are not above. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}
