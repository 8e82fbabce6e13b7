/** npm run schemas:check — load every schema file and print every problem at once. */
import { buildRegistry } from '../src/schema/registry'
import { readSchemaFiles } from '../src/schema/load-files'
import { formatProblem } from '../src/schema/SchemaError'
import { checkHandlerNames, HANDLER_MANIFEST, type HandlerEndpoints } from '../src/schema/handler-names'
import { existsSync, readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

/** Every problem of the schema files in `dir`, printed at once: true when there is none. */
export function checkSchemas(dir: string): boolean {
  const { registry, problems } = buildRegistry(readSchemaFiles(dir))
  // The server's handler names, as codegen last wrote them: an endpoint naming one it lacks is said
  // here rather than when the server starts. A stale manifest is the codegen check's to report.
  const manifest = `src/generated/${HANDLER_MANIFEST}`
  if (existsSync(manifest)) {
    problems.push(...checkHandlerNames(registry, (JSON.parse(readFileSync(manifest, 'utf8')) as { handlers: HandlerEndpoints }).handlers))
  }
  if (problems.length > 0) {
    console.error(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${dir}/:`)
    for (const p of problems) console.error(`  - ${formatProblem(p)}`)
    return false
  }
  console.log(
    `${dir}/ is consistent: ${registry.entities.size} entities, ${registry.endpoints.size} endpoints, ${registry.resources.size} resources, ${registry.navigation.groups.length} route groups.`,
  )
  return true
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) process.exit(checkSchemas(process.argv[2] ?? 'schemas') ? 0 : 1)
