// npm run sweep: every case of the bad-input sweep over HTTP, each its own test (SWEEP=full), on
// SQLite, and on PostgreSQL too when DATABASE_URL is set. Run before a release; `npm test` judges
// the same cases in-process and sends a probe of each kind. Ends with one line "N passed, N failed".
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const SPEC = 'tests/api/bad-input.spec.ts'
const projects = ['api:sqlite', ...(process.env.DATABASE_URL ? ['api:postgres'] : [])]
mkdirSync('test-results', { recursive: true })

console.log(`> sweep: every case of ${SPEC} over HTTP on ${process.env.DATABASE_URL ? 'SQLite and PostgreSQL' : 'SQLite (set DATABASE_URL to add PostgreSQL)'}`)
// One vitest per database, side by side (each waits on its database as much as it computes), each
// with a report of its own, so a failure can be named with the database it happened on.
const runs = await Promise.all(projects.map((project) => sweep(project)))

let passed = 0
let failed = 0
// Named again at the end, so a log cut to its last lines still says what failed.
const failures = []
for (const { project, status, results } of runs) {
  if (!existsSync(results)) {
    failed++
    failures.push(`${project}: vitest wrote no report`)
    continue
  }
  const report = JSON.parse(readFileSync(results, 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  for (const file of report.testResults) {
    // A file that failed to load has no tests to count; it still is a failure.
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      failed++
      failures.push(`${project}: ${(file.message ?? 'did not load').split('\n')[0]}`)
    }
    for (const test of file.assertionResults) {
      if (test.status === 'failed') failures.push(`${project} > ${test.fullName}: ${(test.failureMessages[0] ?? '').split('\n')[0]}`)
    }
  }
  if (status !== 0 && report.numFailedTests === 0 && !report.testResults.some((file) => file.status === 'failed')) {
    failed++
    failures.push(`${project}: vitest exited with an error outside any test (see above)`)
  }
}

if (failures.length > 0) {
  console.log('\nFailed:')
  for (const failure of failures.slice(0, 200)) console.log(`  ${failure.slice(0, 400)}`)
  if (failures.length > 200) console.log(`  … and ${failures.length - 200} more`)
}
console.log(`\n${passed} passed, ${failed} failed`)
process.exitCode = failed > 0 ? 1 : 0

/** Runs the spec on one database with SWEEP=full; resolves to where its report is. */
function sweep(project) {
  const results = `test-results/sweep-${project.replace(':', '-')}.json`
  rmSync(results, { force: true })
  const args = ['vitest', 'run', SPEC, '--project', project, '--reporter=dot', '--reporter=json', `--outputFile.json=${results}`, ...process.argv.slice(2)]
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: 'inherit', env: { ...process.env, SWEEP: 'full' } })
    child.on('close', (status) => resolve({ project, status, results }))
  })
}
