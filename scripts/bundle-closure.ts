import type { Rolldown } from 'vite'

/** A build's chunks by file name. */
export function chunksOf(bundle: Rolldown.OutputBundle): Map<string, Rolldown.OutputChunk> {
  return new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])))
}

/** The chunk a module of the project starts (its facade), by the module's path from the root: `/src/console/console-start.tsx`. */
export function chunkOfModule(chunks: ReadonlyMap<string, Rolldown.OutputChunk>, module: string): Rolldown.OutputChunk | undefined {
  return [...chunks.values()].find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(module))
}

/** `fileName` and every chunk it imports statically, directly or through others: what loading it loads. */
export function staticClosure(chunks: ReadonlyMap<string, Rolldown.OutputChunk>, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen
  seen.add(fileName)
  for (const imported of chunks.get(fileName)?.imports ?? []) staticClosure(chunks, imported, seen)
  return seen
}
