import type { FastifyRequest } from 'fastify'
import { AppError, fieldError } from '../errors/AppError'
import { hashPassword, verifyPassword } from './password'
import { authenticate, createSession, revokeSessions } from './sessions'
import { issueTicket } from './download-tickets'
import { findAccountById, findAccountByUsername } from '../accounts/queries'
import { rowToRecord } from '../db/records'
import { tableOf } from '../db/table-of'
import { namedHandler, requireCaller } from '../engine/handler-context'
import { withTitles } from '../engine/generic/relation-titles'
import { asSchemaDb } from '../db/connect'
import { accountKey, limitedBy, unsignedSkipped } from '../rate-limit/limited-by'

const login = namedHandler(['platform/login'], {
  // Two limits: per address stops spraying many usernames, per username stops a distributed guess at one.
  preHandlers(app, services) {
    const { perAddress, perUsername, windowMs } = services.config.loginRateLimit
    return [
      limitedBy([
        app.createRateLimit({ max: perAddress, timeWindow: windowMs, keyGenerator: (req: FastifyRequest) => `login-ip:${req.ip}` }),
        app.createRateLimit({ max: perUsername, timeWindow: windowMs, keyGenerator: (req: FastifyRequest) => `login-user:${usernameOf(req.body)}` }),
      ]),
    ]
  },
  async run(ctx) {
    const username = ctx.body.username
    const account = await findAccountByUsername(ctx.services, username)
    const passwordOk = await verifyPassword(ctx.body.password, account?.password_hash)
    if (!account || !passwordOk) throw new AppError('AUTH_LOGIN_FAILED')
    if (account.status !== 1) throw new AppError('AUTH_ACCOUNT_DISABLED')
    const session = await createSession(ctx.services, account.id, { ip: ctx.request.ip, userAgent: (ctx.request.headers['user-agent'] ?? '') })
    return { userinfo: { id: account.id, username: account.username, user_type: account.user_type, token: session.token, expires_at: session.expiresAt } }
  },
})

function usernameOf(body: unknown): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>).username : undefined
  return typeof value === 'string' ? value.toLowerCase().slice(0, 64) : ''
}

const logout = namedHandler(['platform/logout'], {
  async run(ctx) {
    await revokeSessions(ctx.services, { sessionId: requireCaller(ctx).sessionId }, 'logout')
    return null
  },
})

const downloadTicket = namedHandler(['platform/download_ticket'], {
  run: (ctx) => issueTicket(ctx.services, requireCaller(ctx), ctx.body.path, ctx.locale),
})

const userInfo = namedHandler(['platform/get_user_info'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const entity = ctx.services.registry.entities.get('user')!
    const row = await ctx.services.db.selectFrom(tableOf(ctx.services, 'user')).selectAll().where('id', '=', caller.id).executeTakeFirstOrThrow()
    // With the title of its parent, which every role may know (relation-titles.ts), not only its id.
    const [profile] = await withTitles(ctx, asSchemaDb(ctx.services.db), entity, [rowToRecord(entity, row)])
    return profile!
  },
})

/** The caller's own profile fields; the endpoint file says which (all of them, each time). */
const editProfile = namedHandler(['platform/edit_user_info'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const entity = ctx.services.registry.entities.get('user')!
    const table = tableOf(ctx.services, 'user')
    await ctx.services.db.updateTable(table).set({ ...ctx.body, updated_at: ctx.services.now().toISOString() }).where('id', '=', caller.id).execute()
    return rowToRecord(entity, await ctx.services.db.selectFrom(table).selectAll().where('id', '=', caller.id).executeTakeFirstOrThrow())
  },
})

const changePassword = namedHandler(['platform/change_pwd'], {
  // Each try is a guess at the current password, so a stolen session could guess on: limited per
  // account (every session of it together) and per address. A request without a valid session is
  // counted per address only, and then refused as signed out.
  preHandlers(app, services) {
    const { perAccount, perAddress, windowMs } = services.config.passwordChangeRateLimit
    return [
      limitedBy([
        app.createRateLimit({ max: perAddress, timeWindow: windowMs, keyGenerator: (req: FastifyRequest) => `change-pwd-ip:${req.ip}` }),
        app.createRateLimit({ max: perAccount, timeWindow: windowMs, keyGenerator: accountKey('change-pwd-account'), allowList: unsignedSkipped }),
      ]),
    ]
  },
  async run(ctx) {
    const caller = requireCaller(ctx)
    const account = await findAccountById(ctx.services, caller.id)
    if (!account || !(await verifyPassword(ctx.body.old_password, account.password_hash))) {
      throw fieldError('AUTH_PASSWORD_WRONG', '/old_password', ctx.locale)
    }
    const now = ctx.services.now().toISOString()
    await ctx.services.db
      .updateTable(tableOf(ctx.services, 'user'))
      .set({ password_hash: await hashPassword(ctx.body.new_password), updated_at: now })
      .where('id', '=', caller.id)
      .execute()
    await revokeSessions(ctx.services, { userId: caller.id, keep: caller.sessionId }, 'password_changed')
    return null
  },
})

/**
 * An admin, or a partner for a merchant below it, opens the merchant's console: a session
 * of the merchant's own, marked with who opened it and from which session, and a record of
 * the opening. The console lasts OVERSTEP_TTL_MINUTES at most and ends with its opener's
 * session (sessions.ts), so signing out of the partner's console closes the merchant's too.
 */
const overstep = namedHandler(['platform/overstep_login'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const merchantId = ctx.body.merchant_id
    const table = tableOf(ctx.services, 'user')
    let query = ctx.services.db.selectFrom(table).select(['id', 'username', 'user_type']).where('id', '=', merchantId).where('user_type', '=', MERCHANT).where('status', '=', 1)
    if (caller.role !== 'admin') query = query.where('path', 'like', `${caller.path}%`)
    const merchant = await query.executeTakeFirst()
    if (!merchant) throw fieldError('OVERSTEP_NOT_YOURS', '/merchant_id', ctx.locale, { id: merchantId })
    const meta = { ip: ctx.request.ip, userAgent: (ctx.request.headers['user-agent'] ?? '') }
    const session = await createSession(ctx.services, merchantId, { ...meta, opener: { userId: caller.id, sessionId: caller.sessionId } })
    const now = ctx.services.now().toISOString()
    await ctx.services.db
      .insertInto(tableOf(ctx.services, 'overstep_log'))
      .values({ operator_id: caller.id, merchant_id: merchantId, ip: meta.ip.slice(0, 64), user_agent: meta.userAgent.slice(0, 512), created_at: now, updated_at: now })
      .execute()
    return {
      userinfo: { id: merchantId, username: merchant.username, user_type: MERCHANT, token: session.token, expires_at: session.expiresAt },
      opened_by: { id: caller.id, username: caller.username },
    }
  },
})

const MERCHANT = 2

export const authHandlers = {
  'auth.overstep': overstep,
  'auth.login': login,
  'auth.logout': logout,
  'auth.downloadTicket': downloadTicket,
  'auth.editProfile': editProfile,
  'auth.userInfo': userInfo,
  'auth.changePassword': changePassword,
}
