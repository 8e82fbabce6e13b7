// npm test: the static checks, the build, then every vitest project; ends with one line "N passed, N failed".
// npm test -- <file or filter>: that alone, on every database its file runs on, without the checks and the build.
// npm run test:quick: the checks, then the unit, console and API suites on SQLite.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'

const quick = process.argv[2] === '--quick'
const filters = process.argv.slice(quick ? 3 : 2)
const postgres = Boolean(process.env.DATABASE_URL)

const checks = [
  ['types', 'npx', ['tsc', '-p', '.']],
  ['schemas and generated files', 'npx', ['tsx', 'scripts/static-checks.ts']],
]
// The browser tests run against what `npm start` serves, built once here.
const build = ['build', 'npm', ['run', 'build']]

// The node suites spread over every core: their files wait on a database as much as they
// compute, and vitest's default of one worker per core but one left them one worker on a
// two-core machine. The browser tests run two files at a time (vite.config.ts).
const workers = [`--maxWorkers=${Math.max(2, availableParallelism())}`]
const suites = [
  { name: 'unit and console', projects: ['unit', 'console'], options: workers },
  { name: 'API on SQLite', projects: ['api:sqlite', 'api:sqlite:isolated'], options: workers },
  ...(postgres && !quick ? [{ name: 'API on PostgreSQL', projects: ['api:postgres', 'api:postgres:isolated'], options: workers }] : []),
  ...(quick ? [] : [{ name: 'browser', projects: ['e2e'], options: [] }]),
]

let passed = 0
let failed = 0
// Named again at the end, so a log cut to its last lines still says what failed.
const failures = []
const timings = []

function timed(name, run) {
  const started = performance.now()
  run()
  timings.push([name, (performance.now() - started) / 1000])
}

/**
 * The checks and the build, side by side: each is mostly one process on one core. Each one's
 * output is printed whole once it ends, in the order they are listed.
 */
async function runChecks(list) {
  const runs = list.map(([name, command, args]) => {
    let output = ''
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const started = performance.now()
    return new Promise((resolve) => child.on('close', (status) => resolve({ name, status, output, seconds: (performance.now() - started) / 1000 })))
  })
  for (const run of runs) {
    const { name, status, output, seconds } = await run
    console.log(`\n> check: ${name} (${seconds.toFixed(0)} s)`)
    process.stdout.write(output)
    if (status === 0) {
      passed++
      continue
    }
    failed++
    console.log(`check failed: ${name}`)
    failures.push(`check: ${name}`)
  }
}

if (filters.length === 0) {
  const started = performance.now()
  await runChecks(quick ? checks : [...checks, build])
  timings.push([quick ? 'checks' : 'checks and build', (performance.now() - started) / 1000])
}

mkdirSync('test-results', { recursive: true })
let vitestFailed = false
for (const [index, suite] of suites.entries()) {
  timed(suite.name, () => {
    const results = `test-results/vitest-${index + 1}.json`
    rmSync(results, { force: true })
    console.log(`\n> vitest: ${suite.name}`)
    const projects = suite.projects.flatMap((project) => ['--project', project])
    // A file named on the command line belongs to some of the runs; the others find nothing, which is no failure.
    const args = ['vitest', 'run', ...projects, ...suite.options, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...filters]
    const vitest = spawnSync('npx', args, { stdio: 'inherit' })
    if (vitest.status !== 0) vitestFailed = true
    if (!existsSync(results)) {
      failed++
      console.log(`vitest wrote no report for the ${suite.name}`)
      failures.push(`vitest: no report for the ${suite.name}`)
      return
    }
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
  })
}
if (vitestFailed && failed === 0) {
  failed++
  failures.push('vitest: exited with an error outside any test (see above)')
}

if (failures.length > 0) {
  console.log('\nFailed:')
  for (const failure of failures) console.log(`  ${failure.slice(0, 400)}`)
}

// Each phase's time, so the change that makes the run slow is seen at once.
console.log('\nTime by phase:')
for (const [name, seconds] of timings) console.log(`  ${name.padEnd(20)} ${seconds.toFixed(0).padStart(5)} s`)
console.log(`  ${'total'.padEnd(20)} ${timings.reduce((sum, [, s]) => sum + s, 0).toFixed(0).padStart(5)} s`)

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
