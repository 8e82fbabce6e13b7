/**
 * npm run codegen — write src/generated/ (types, API client, OpenAPI document) from schemas/.
 * npm run codegen -- --check — change nothing; exit 1 when src/generated/ is not what schemas/ generate.
 * Options: --schemas DIR (default schemas), --out DIR (default src/generated).
 */
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { SchemaError, formatProblem } from '../src/schema/SchemaError'
import { checkGenerated, isFresh } from '../src/schema/codegen/check-generated'
import { generate, type GeneratedFiles } from '../src/schema/codegen/generate'
import { writeGenerated } from '../src/schema/codegen/write-generated'
import { serverHandlerEndpoints } from '../src/server/handler-names'

// Counted from process start, so the figure includes loading the code, not just generating.
const elapsed = () => `${Math.round(performance.now())} ms`
const dir = (path: string) => `${path.replace(/\/+$/, '')}/`

export interface CodegenArgs {
  schemas: string
  out: string
  check: boolean
}

/** Write src/generated/ (or, with `check`, compare it) and say what happened: the exit code. */
export async function runCodegen(args: CodegenArgs): Promise<number> {
  const fixCommand = ['npm run codegen', ...(args.schemas !== 'schemas' || args.out !== 'src/generated' ? ['--', `--schemas ${args.schemas}`, `--out ${args.out}`] : [])].join(' ')
  if (!existsSync(args.schemas)) {
    console.error(`codegen: there is no folder ${dir(args.schemas)}; pass the schema folder with --schemas DIR.`)
    return 1
  }

  let files: GeneratedFiles
  try {
    files = await generate({ schemasDir: args.schemas, handlers: serverHandlerEndpoints() })
  } catch (e) {
    if (!(e instanceof SchemaError)) throw e
    console.error(`${e.problems.length} problem${e.problems.length === 1 ? '' : 's'} in ${dir(args.schemas)}:`)
    for (const p of e.problems) console.error(`  - ${formatProblem(p)}`)
    console.error(`Nothing was generated. (${elapsed()})`)
    return 1
  }

  if (args.check) {
    const report = checkGenerated(args.out, files)
    if (isFresh(report)) {
      console.log(`codegen --check: ${dir(args.out)} is up to date with ${dir(args.schemas)} (${files.size} files, ${elapsed()})`)
      return 0
    }
    console.error(`codegen --check: ${dir(args.out)} is not what ${dir(args.schemas)} generate:`)
    for (const name of report.stale) console.error(`  - stale:   ${dir(args.out)}${name}`)
    for (const name of report.missing) console.error(`  - missing: ${dir(args.out)}${name}`)
    for (const name of report.extra) console.error(`  - extra:   ${dir(args.out)}${name}`)
    console.error(`Run \`${fixCommand}\` to regenerate it. (${elapsed()})`)
    return 1
  }

  const report = writeGenerated(args.out, files)
  const parts = [`${report.written.length} written`, `${report.unchanged.length} unchanged`, ...(report.removed.length ? [`${report.removed.length} removed`] : [])]
  console.log(`codegen: ${dir(args.out)} from ${dir(args.schemas)}: ${parts.join(', ')} (${elapsed()})`)
  for (const name of report.written) console.log(`  wrote ${dir(args.out)}${name}`)
  for (const name of report.removed) console.log(`  removed ${dir(args.out)}${name}`)
  if (report.foreign.length > 0) {
    for (const name of report.foreign) console.error(`  ${dir(args.out)}${name} was not written by codegen; ${dir(args.out)} holds generated files only, so move it elsewhere.`)
    return 1
  }
  return 0
}

function parseCommandLine(): CodegenArgs {
  try {
    const { values } = parseArgs({
      options: {
        schemas: { type: 'string', default: 'schemas' },
        out: { type: 'string', default: 'src/generated' },
        check: { type: 'boolean', default: false },
      },
      strict: true,
    })
    return { schemas: values.schemas, out: values.out, check: values.check }
  } catch (e) {
    console.error(`codegen: ${(e as Error).message}\nUsage: npm run codegen -- [--check] [--schemas DIR] [--out DIR]`)
    process.exit(1)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) process.exit(await runCodegen(parseCommandLine()))
