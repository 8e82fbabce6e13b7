/** npm run schemas:check — load every schema file and print every problem at once. */
import { buildRegistry } from '../src/schema/registry'
import { readSchemaFiles } from '../src/schema/load-files'
import { formatProblem } from '../src/schema/SchemaError'

const dir = process.argv[2] ?? 'schemas'
const { registry, problems } = buildRegistry(readSchemaFiles(dir))
if (problems.length > 0) {
  console.error(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${dir}/:`)
  for (const p of problems) console.error(`  - ${formatProblem(p)}`)
  process.exit(1)
}
console.log(
  `${dir}/ is consistent: ${registry.entities.size} entities, ${registry.endpoints.size} endpoints, ${registry.resources.size} resources, ${registry.navigation.groups.length} route groups.`,
)
