/** npm run schemas:check — load every schema file and print every problem at once. */
import { buildRegistry } from '../src/schema/registry'
import { readSchemaFiles } from '../src/schema/load-files'
import { formatProblem } from '../src/schema/SchemaError'
import { checkHandlerNames } from '../src/schema/handler-names'
import { serverHandlerEndpoints } from '../src/server/handler-names'
import { pathToFileURL } from 'node:url'

/** Every problem of the schema files in `dir`, printed at once: true when there is none. */
export function checkSchemas(dir: string): boolean {
  const { registry, problems } = buildRegistry(readSchemaFiles(dir))
  // The server's handler names, read from its code as it is now (a handler written a moment ago
  // counts): an endpoint naming one it lacks is said here rather than when the server starts.
  if (problems.length === 0) problems.push(...checkHandlerNames(registry, serverHandlerEndpoints()))
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
