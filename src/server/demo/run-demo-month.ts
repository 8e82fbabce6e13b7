import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isGeneric } from '../../schema/registry'
import { ROLES, type GenericHandler, type Role } from '../../schema/types'
import type { Caller } from '../access/caller'
import { upsertAccount } from '../accounts/queries'
import { hashPassword } from '../auth/password'
import { insertAccount } from '../accounts/insert-account'
import { genericHandlers, prepareGenericBody } from '../engine/generic-handlers'
import { genericHooks } from '../generic-hooks'
import { namedHandlers } from '../named-handlers'
import type { HandlerContext } from '../engine/handler-context'
import { compileValidators, validateOrThrow } from '../engine/validators'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import type { DemoAction } from './demo-month'

export interface DemoLogin {
  username: string
  password: string
  role: Role
}

/** The calls the demo month makes, as the console would make them. */
const ENDPOINTS = {
  package: 'recharge_package/add',
  order: 'recharge_order/create',
  pay: 'recharge_order/confirm_paid',
  cancel: 'recharge_order/cancel',
  issueCards: 'recharge_card/add',
  passCards: 'recharge_card/transfer_card',
  redeemCard: 'recharge_card/use_card',
  transfer: 'platform/transfer',
  adjust: 'provider_service/edit_account',
} as const

/** The demo's calls come from no request; a handler that reads one says so instead of reading undefined. */
const NO_REQUEST = new Proxy(
  {},
  {
    get(_, name) {
      throw new Error(`The demo month called a handler that reads the request or reply (${String(name)}); that action cannot be part of it.`)
    },
  },
)

/**
 * Play a demo month (planDemoMonth) against an empty database, each action at its own time,
 * through the endpoints' own handlers, their bodies checked by the endpoints' own schemas:
 * every credit and debit goes through the ledger as it would from the console, so every
 * balance equals its ledger. Answers the demo logins, each with a password made now.
 */
export async function runDemoMonth(services: Services, plan: readonly DemoAction[]): Promise<DemoLogin[]> {
  const validators = compileValidators(services.registry, false)
  const accounts = new Map<string, Caller>()
  const records = new Map<string, number>()
  const batches = new Map<string, string>()
  const logins: DemoLogin[] = []
  // scrypt takes tens of milliseconds a password on purpose: the logins' hashes are made side by side, before the month starts.
  const hashes = new Map(await Promise.all(plan.filter((a) => a.kind === 'join' && a.login).map(async (a) => {
    const password = newPassword()
    return [a, { password, hash: await hashPassword(password) }] as const
  })))
  const account = (username: string) => accounts.get(username) ?? fail(`no account "${username}" has joined yet`)
  const record = (key: string) => records.get(key) ?? fail(`nothing called "${key}" exists yet`)
  const batch = (key: string) => batches.get(key) ?? fail(`no card batch "${key}" has been issued yet`)

  const generics = genericHandlers(genericHooks)
  const call = async <T>(endpointId: string, as: Caller, body: Record<string, unknown>, at: Date): Promise<T> => {
    const { registry } = services
    const endpoint = registry.endpoints.get(endpointId) ?? fail(`there is no endpoint ${endpointId}`)
    const entity = endpoint.entity ? registry.entities.get(endpoint.entity) : undefined
    const generic = isGeneric(endpoint.handler)
    if (entity && generic) prepareGenericBody(genericHooks, endpoint.handler as GenericHandler, entity, body)
    validateOrThrow(validators.get(endpointId)!.body!, body, 'en-US')
    const ctx: HandlerContext = {
      endpoint, caller: as, query: {}, body, files: {}, locale: 'en-US',
      request: NO_REQUEST as FastifyRequest, reply: NO_REQUEST as FastifyReply, services: { ...services, now: () => at },
    }
    return (generic ? generics[endpoint.handler as GenericHandler](ctx, entity!) : namedHandlers[endpoint.handler]!.run(ctx)) as Promise<T>
  }

  for (const action of plan) {
    const { at } = action
    switch (action.kind) {
      case 'join': {
        const login = hashes.get(action)
        const id = await join(services, action, at, login?.hash, action.parent === undefined ? undefined : account(action.parent))
        accounts.set(action.username, await callerOf(services, id))
        if (login) logins.push({ username: action.username, password: login.password, role: action.role })
        break
      }
      case 'package': {
        const { at: _, kind: __, key, ...body } = action
        records.set(key, (await call<{ id: number }>(ENDPOINTS.package, account('admin'), body, at)).id)
        break
      }
      case 'order': {
        const body = { package_id: record(action.package), ...(action.by === action.buyer ? {} : { user_id: account(action.buyer).id }), ...(action.remark ? { remark: action.remark } : {}) }
        records.set(action.key, (await call<{ id: number }>(ENDPOINTS.order, account(action.by), body, at)).id)
        break
      }
      case 'pay':
        await call(ENDPOINTS.pay, account('admin'), { id: record(action.order), payment_ref: action.ref }, at)
        break
      case 'cancel':
        await call(ENDPOINTS.cancel, account(action.by), { id: record(action.order), cancel_reason: action.reason }, at)
        break
      case 'issueCards': {
        const body = { name: action.name, kind: action.what, amount: action.amount, quantity: action.quantity }
        batches.set(action.batch, (await call<{ batch_no: string }>(ENDPOINTS.issueCards, account('admin'), body, at)).batch_no)
        break
      }
      case 'passCards':
        await call(ENDPOINTS.passCards, account(action.from), { to_user_id: account(action.to).id, batch_no: batch(action.batch), quantity: action.quantity }, at)
        break
      case 'redeemCard': {
        // The holder hands the password over, as a partner does with a card it sells.
        const card = await services.db
          .selectFrom(tableOf(services, 'recharge_card'))
          .select('card_password')
          .where('batch_no', '=', batch(action.batch))
          .where('holder_id', '=', account(action.holder).id)
          .where('status', '=', 0)
          .orderBy('id')
          .executeTakeFirst()
        if (!card) fail(`${action.holder} holds no unused card of batch "${action.batch}" to give ${action.by}`)
        await call(ENDPOINTS.redeemCard, account(action.by), { card_password: card.card_password }, at)
        break
      }
      case 'transfer':
        await call(ENDPOINTS.transfer, account(action.from), { to_user_id: account(action.to).id, kind: action.what, amount: action.amount, remark: action.remark }, at)
        break
      case 'adjust':
        await call(ENDPOINTS.adjust, account(action.by), { id: account(action.account).id, amount: action.amount, remark: action.remark }, at)
        break
    }
  }
  return logins
}

/**
 * A demo login joins as `npm run user:create` would make it; any other account as a new one
 * under its parent is made, with no password at all: no one signs in as it until an
 * administrator sets one on the merchant or partner screen.
 */
async function join(services: Services, action: Extract<DemoAction, { kind: 'join' }>, at: Date, passwordHash: string | undefined, parent: Caller | undefined): Promise<number> {
  const then = { ...services, now: () => at }
  let id: number
  if (passwordHash) {
    id = (await upsertAccount(then, { username: action.username, passwordHash, role: action.role, parentUsername: parent?.username, name: action.name })).id
  } else {
    if (!parent) fail(`${action.username} joins with neither a login nor a parent`)
    id = await services.db.transaction().execute((trx) =>
      insertAccount(trx, then, {
        parent: { id: parent.id, path: parent.path, user_type: parent.userType },
        userType: ROLES.indexOf(action.role),
        fields: { username: action.username, name: action.name },
        passwordHash: '',
        merchantLimit: -1,
        locale: 'en-US',
      }),
    )
  }
  // A partner's service prefix number is the invitation code merchants register with.
  if (action.invite) await services.db.updateTable(tableOf(services, 'user')).set({ service_prefix_no: action.invite }).where('id', '=', id).execute()
  return id
}

async function callerOf(services: Services, id: number): Promise<Caller> {
  const row = await services.db.selectFrom(tableOf(services, 'user')).select(['id', 'username', 'user_type', 'path']).where('id', '=', id).executeTakeFirstOrThrow()
  const userType = row.user_type
  return { id, username: row.username, role: ROLES[userType]!, userType, path: row.path, sessionId: 0 }
}

function newPassword(): string {
  return randomBytes(12).toString('base64url')
}

function fail(why: string): never {
  throw new Error(`The demo month cannot go on: ${why}.`)
}
