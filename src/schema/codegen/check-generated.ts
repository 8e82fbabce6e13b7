import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { GeneratedFiles } from './generate'
import { extraEntries } from './write-generated'

export interface CheckReport {
  /** On disk, but not what the schemas generate now. */
  stale: string[]
  missing: string[]
  /** On disk, but not generated at all. */
  extra: string[]
}

/** Compare `files` with what is in `outDir`, changing nothing. */
export function checkGenerated(outDir: string, files: GeneratedFiles): CheckReport {
  const report: CheckReport = { stale: [], missing: [], extra: extraEntries(outDir, files) }
  for (const [name, contents] of files) {
    const path = join(outDir, name)
    if (!existsSync(path)) report.missing.push(name)
    else if (readFileSync(path, 'utf8') !== contents) report.stale.push(name)
  }
  return report
}

export function isFresh(report: CheckReport): boolean {
  return report.stale.length + report.missing.length + report.extra.length === 0
}
