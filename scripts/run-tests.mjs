// npm test: the static checks, then every vitest project; ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const results = 'test-results/vitest.json'
const checks = [
  ['types', 'npx', ['tsc', '-p', '.']],
  ['schemas', 'npx', ['tsx', 'scripts/schemas-check.ts']],
  ['generated files fresh', 'npx', ['tsx', 'scripts/codegen.ts', '--check']],
  // The browser tests run against what `npm start` serves.
  ['build', 'npm', ['run', 'build']],
]

let passed = 0
let failed = 0
for (const [name, command, args] of checks) {
  console.log(`\n> check: ${name}`)
  const { status } = spawnSync(command, args, { stdio: 'inherit' })
  if (status === 0) passed++
  else {
    failed++
    console.log(`check failed: ${name}`)
  }
}

mkdirSync('test-results', { recursive: true })
rmSync(results, { force: true })
console.log(`\n> vitest${process.env.DATABASE_URL ? ' (API suite on SQLite and PostgreSQL)' : ' (API suite on SQLite; set DATABASE_URL to add PostgreSQL)'}`)
const vitest = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...process.argv.slice(2)], { stdio: 'inherit' })
if (existsSync(results)) {
  const report = JSON.parse(readFileSync(results, 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  // A suite that failed to load has no tests to count; it still is a failure.
  failed += report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length
} else {
  failed++
  console.log('vitest wrote no report')
}
if (vitest.status !== 0 && failed === 0) failed++

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
