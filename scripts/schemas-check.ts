/** npm run schemas:check — load every schema file and print every problem at once. */
import { buildRegistry } from '../src/schema/registry'
import { readSchemaFiles } from '../src/schema/load-files'
import { formatProblem } from '../src/schema/SchemaError'
import { migrationProblems } from '../src/schema/migrations'
import { checkHandlerNames } from '../src/schema/handler-names'
import { serverHandlerEndpoints } from '../src/server/handler-names'
import { pathToFileURL } from 'node:url'

/** Every problem of the schema files in `dir`, printed at once: true when there is none. */
export function checkSchemas(dir: string): boolean {
  const files = readSchemaFiles(dir)
  const { registry, problems } = buildRegistry(files)
  // The server's handler names, read from its code as it is now (a handler written a moment ago
  // counts): an endpoint naming one it lacks is said here rather than when the server starts.
  if (problems.length === 0) problems.push(...checkHandlerNames(registry, serverHandlerEndpoints()))
  // The migrations make the tables these schemas describe: a schema change comes with its migration.
  const migrations = problems.length === 0 ? migrationProblems(files, registry) : undefined
  if (migrations) problems.push(...migrations.problems)
  if (problems.length > 0) {
    console.error(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${dir}/:`)
    for (const p of problems) console.error(`  - ${formatProblem(p)}`)
    return false
  }
  console.log(
    `${dir}/ is consistent: ${registry.entities.size} entities, ${registry.endpoints.size} endpoints, ${registry.resources.size} resources, ${registry.navigation.groups.length} route groups, made by ${plural(migrations?.migrations.length ?? 0, 'migration')}.`,
  )
  return true
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) process.exit(checkSchemas(process.argv[2] ?? 'schemas') ? 0 : 1)

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}
