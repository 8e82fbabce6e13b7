import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { SchemaFile } from './types'

/** Read every .json file under `dir` (Node only; the browser bundles the same files). */
export function readSchemaFiles(dir: string): SchemaFile[] {
  const files: SchemaFile[] = []
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = join(folder, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.json')) files.push({ path: relative(dir, full).split(sep).join('/'), text: readFileSync(full, 'utf8') })
    }
  }
  walk(dir)
  return files
}
