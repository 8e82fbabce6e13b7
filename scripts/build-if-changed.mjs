// npm start: builds the console and the server only when what they are built from changed since
// the last build (its fingerprint is kept in dist/), so a restart takes seconds, not minutes.
import { createHash } from 'node:crypto'
import { execSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = new URL('..', import.meta.url).pathname
const INPUTS = ['src', 'schemas', 'scripts', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json']
const STAMP = join(ROOT, 'dist', '.built-from')
const BUILT = [join(ROOT, 'dist', 'server', 'main.js'), join(ROOT, 'dist', 'console', 'index.html')]

function files(path) {
  const full = join(ROOT, path)
  if (!existsSync(full)) return []
  if (!statSync(full).isDirectory()) return [path]
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => files(join(path, entry.name)))
}

const hash = createHash('sha256')
for (const file of INPUTS.flatMap(files).sort()) hash.update(`${file}\0`).update(readFileSync(join(ROOT, file)))
const fingerprint = hash.digest('hex')

if (BUILT.every((file) => existsSync(file)) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === fingerprint) {
  console.log('The build in dist/ is up to date with the sources.')
} else {
  execSync('npm run build', { cwd: ROOT, stdio: 'inherit' })
  writeFileSync(STAMP, fingerprint)
}
