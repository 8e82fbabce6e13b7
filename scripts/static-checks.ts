/**
 * The schema check and the generated-files check in one process (npm test's checks): each loads
 * the same code and schema files, and a start of tsx and the schema code costs seconds.
 */
import { checkSchemas } from './schemas-check'
import { runCodegen } from './codegen'

const schemasOk = checkSchemas('schemas')
const generatedOk = (await runCodegen({ schemas: 'schemas', out: 'src/generated', check: true })) === 0
process.exit(schemasOk && generatedOk ? 0 : 1)
