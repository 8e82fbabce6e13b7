/**
 * npm run user:create -- --username NAME --password PASS --role admin|partner|merchant|agent [--parent NAME]
 * Creates an account, or resets the password and role of an existing one. Without flags it asks.
 * Honours DATA_DIR and DATABASE_URL like every other command.
 */
import { parseArgs } from 'node:util'
import { createInterface } from 'node:readline/promises'
import { randomBytes } from 'node:crypto'
import { ROLES, type Role } from '../src/schema/types'
import { readConfig } from '../src/server/config'
import { openServices } from '../src/server/start'
import { upsertAccount } from '../src/server/accounts/queries'

const USAGE = 'Usage: npm run user:create -- --username NAME --password PASS --role admin|partner|merchant|agent [--parent NAME]'

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
    parent: { type: 'string' },
    help: { type: 'boolean' },
  },
})
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}

const interactive = !values.username
const input = interactive ? await ask() : values
const problems = checkInput(input)
if (problems.length > 0) {
  console.error(problems.map((p) => `  - ${p}`).join('\n') + `\n${USAGE}`)
  process.exit(1)
}

let password = input.password ?? ''
const generated = password === ''
if (generated) password = randomBytes(12).toString('base64url')

const services = await openServices(readConfig())
try {
  const { id, created } = await upsertAccount(services, {
    username: input.username!,
    password,
    role: input.role as Role,
    parentUsername: input.parent || undefined,
  })
  console.log(`${created ? 'Created' : 'Reset'} ${input.role} "${input.username}" (id ${id}) on ${services.dialect}.`)
  if (!created) console.log('Its other sessions were signed out.')
  if (generated) console.log(`Password: ${password}`)
} catch (error) {
  console.error((error as Error).message)
  process.exitCode = 1
} finally {
  await services.database.close()
}

interface Input {
  username?: string
  password?: string
  role?: string
  parent?: string
}

function checkInput(i: Input): string[] {
  const out: string[] = []
  if (!i.username || !/^[A-Za-z0-9_.@-]{1,64}$/.test(i.username)) out.push('username: 1 to 64 letters, digits or _ . @ -')
  if (!i.role || !(ROLES as readonly string[]).includes(i.role)) out.push(`role: one of ${ROLES.join(', ')}`)
  if (!interactive && !i.password) out.push('password: required with flags (run without flags to have one generated)')
  if (i.password && i.password.length < 8) out.push('password: at least 8 characters')
  if (i.role && i.role !== 'admin' && !i.parent) out.push('parent: a partner, merchant or agent needs --parent (the account above it)')
  return out
}

async function ask(): Promise<Input> {
  // The line iterator buffers, so answers piped in before a question is printed are not lost.
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY })
  const lines = rl[Symbol.asyncIterator]()
  const question = async (text: string) => {
    process.stdout.write(text)
    const next = await lines.next()
    return next.done ? '' : String(next.value)
  }
  try {
    const username = (await question('Username: ')).trim()
    const role = (await question(`Role (${ROLES.join('/')}) [admin]: `)).trim() || 'admin'
    const parent = role === 'admin' ? '' : (await question('Parent username: ')).trim()
    const password = await question('Password (empty to generate one): ')
    return { username, role, parent, password }
  } finally {
    rl.close()
  }
}
