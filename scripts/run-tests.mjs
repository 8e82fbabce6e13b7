// npm test: the static checks, then every vitest project; ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'

const checks = [
  ['types', 'npx', ['tsc', '-p', '.']],
  ['schemas', 'npx', ['tsx', 'scripts/schemas-check.ts']],
  ['generated files fresh', 'npx', ['tsx', 'scripts/codegen.ts', '--check']],
  // The browser tests run against what `npm start` serves.
  ['build', 'npm', ['run', 'build']],
]

let passed = 0
let failed = 0
// Named again at the end, so a log cut to its last lines still says what failed.
const failures = []
for (const [name, command, args] of checks) {
  console.log(`\n> check: ${name}`)
  const { status } = spawnSync(command, args, { stdio: 'inherit' })
  if (status === 0) passed++
  else {
    failed++
    console.log(`check failed: ${name}`)
    failures.push(`check: ${name}`)
  }
}

// Two runs of vitest. The node suites (unit, console, API) spread over every core: their
// files wait on a database as much as they compute, and vitest's default of one worker per
// core but one left them one worker on a two-core machine. The browser tests then run alone,
// one file at a time, so a page waiting to settle never shares the machine with the sweep.
const phases = [
  { name: 'unit, console and API suites', projects: ['unit', 'console', 'api:*'], options: [`--maxWorkers=${Math.max(2, availableParallelism())}`] },
  { name: 'browser tests', projects: ['e2e'], options: [] },
]
mkdirSync('test-results', { recursive: true })
let vitestFailed = false
for (const [index, phase] of phases.entries()) {
  const results = `test-results/vitest-${index + 1}.json`
  rmSync(results, { force: true })
  const databases = process.env.DATABASE_URL ? ' (API suite on SQLite and PostgreSQL)' : ' (API suite on SQLite; set DATABASE_URL to add PostgreSQL)'
  console.log(`\n> vitest: ${phase.name}${index === 0 ? databases : ''}`)
  const projects = phase.projects.flatMap((project) => ['--project', project])
  // A file named on the command line belongs to one of the runs; the other finds nothing, which is no failure.
  const args = ['vitest', 'run', ...projects, ...phase.options, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...process.argv.slice(2)]
  const vitest = spawnSync('npx', args, { stdio: 'inherit' })
  if (vitest.status !== 0) vitestFailed = true
  if (existsSync(results)) {
    const report = JSON.parse(readFileSync(results, 'utf8'))
    passed += report.numPassedTests
    failed += report.numFailedTests
    for (const file of report.testResults) {
      const where = file.name.replace(`${process.cwd()}/`, '')
      // A suite that failed to load has no tests to count; it still is a failure.
      if (file.status === 'failed' && file.assertionResults.length === 0) {
        failed++
        failures.push(`${where}: ${(file.message ?? 'did not load').split('\n')[0]}`)
      }
      for (const test of file.assertionResults) {
        if (test.status === 'failed') failures.push(`${where} > ${test.fullName}: ${(test.failureMessages[0] ?? '').split('\n')[0]}`)
      }
    }
  } else {
    failed++
    console.log(`vitest wrote no report for the ${phase.name}`)
    failures.push(`vitest: no report for the ${phase.name}`)
  }
}
if (vitestFailed && failed === 0) {
  failed++
  failures.push('vitest: exited with an error outside any test (see above)')
}

if (failures.length > 0) {
  console.log('\nFailed:')
  for (const failure of failures) console.log(`  ${failure.slice(0, 400)}`)
}

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
