import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { GENERATED_MARKER } from './banner'
import type { GeneratedFiles } from './generate'

export interface WriteReport {
  written: string[]
  unchanged: string[]
  /** Files left over from an earlier codegen (they carry the banner), now deleted. */
  removed: string[]
  /** Files codegen did not write and will not delete; the output folder holds generated files only. */
  foreign: string[]
}

/**
 * Bring `outDir` in line with `files`. Unchanged files are not rewritten, so their
 * timestamps stay put and a watcher does not reload for nothing.
 */
export function writeGenerated(outDir: string, files: GeneratedFiles): WriteReport {
  mkdirSync(outDir, { recursive: true })
  const report: WriteReport = { written: [], unchanged: [], removed: [], foreign: [] }
  for (const [name, contents] of files) {
    const path = join(outDir, name)
    if (existsSync(path) && readFileSync(path, 'utf8') === contents) {
      report.unchanged.push(name)
    } else {
      writeFileSync(path, contents)
      report.written.push(name)
    }
  }
  for (const name of extraEntries(outDir, files)) {
    const path = join(outDir, name)
    // Only delete what codegen itself wrote: a mistyped --out must not cost anyone their files.
    if (statSync(path).isFile() && readFileSync(path, 'utf8').includes(GENERATED_MARKER)) {
      rmSync(path)
      report.removed.push(name)
    } else {
      report.foreign.push(name)
    }
  }
  return report
}

export function extraEntries(outDir: string, files: GeneratedFiles): string[] {
  if (!existsSync(outDir)) return []
  return readdirSync(outDir)
    .filter((name) => !files.has(name))
    .sort()
}
