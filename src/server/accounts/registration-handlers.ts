import type { FastifyRequest } from 'fastify'
import { AppError, fieldError } from '../errors/AppError'
import { hashPassword } from '../auth/password'
import { passwordWeakness } from '../auth/password-strength'
import { createSession } from '../auth/sessions'
import { accountLabel, fieldLabel, insertAccount, merchantCountLimit, MERCHANT, PARTNER, type ParentRow } from './insert-account'
import { registrationOpen } from '../domains/registration-open'
import { solveCaptcha } from '../password-reset/captcha'
import { tableOf } from '../db/table-of'
import { namedHandler, type RequestContext } from '../engine/handler-context'
import type { Db } from '../db/connect'

/** A mainland mobile number: such a username is the account's mobile too, so forgot-password finds it by either. */
const MOBILE = /^1[3-9]\d{9}$/

/**
 * A merchant registers itself under the partner whose service prefix number it was given as
 * an invitation code. The checks run cheapest and least revealing first: whether the site
 * takes registrations, the password's strength (which tells nothing about anyone else and
 * leaves the picture unused), then the picture, which is used up by this try; only past it
 * does the answer say whether a code or a username exists.
 */
const register = namedHandler(['platform/register'], {
  // Per address, as sign-in is: a captcha is a speed bump for a script, not a wall.
  preHandlers(app, services) {
    const { perAddress, windowMs } = services.config.registerRateLimit
    const limit = app.createRateLimit({ max: perAddress, timeWindow: windowMs, keyGenerator: (req: FastifyRequest) => `register-ip:${req.ip}` })
    return [
      async (request) => {
        const result = await limit(request)
        if (!result.isAllowed && result.isExceeded) throw new AppError('RATE_LIMITED', { seconds: Math.max(1, result.ttlInSeconds) })
      },
    ]
  },
  async run(ctx) {
    const { services, locale } = ctx
    const username = ctx.body.username
    const password = ctx.body.password
    if (!(await registrationOpen(services, ctx.body.domain))) throw new AppError('REGISTER_CLOSED')
    const weakness = passwordWeakness(password, username)
    if (weakness) throw fieldError(weakness, '/password', locale)
    if (!(await solveCaptcha(services, ctx.body.captcha_id, ctx.body.captcha))) throw fieldError('CAPTCHA_WRONG', '/captcha', locale)

    const passwordHash = await hashPassword(password)
    const merchantLimit = await merchantCountLimit(services)
    const mobile = MOBILE.test(username) ? username : ''
    const id = await services.db.transaction().execute(async (trx) => {
      const partner = await partnerOfInvite(ctx, trx, ctx.body.invite_code.trim())
      if (mobile) await assertMobileFree(ctx, trx, mobile)
      return insertAccount(trx, services, { parent: partner, userType: MERCHANT, fields: { username, name: username, mobile }, passwordHash, merchantLimit, locale }).catch((error: unknown) => {
        // The limit's own wording speaks to an administrator; the person registering can only ask the partner.
        if (error instanceof AppError && error.code === 'MERCHANT_LIMIT_REACHED') throw fieldError('REGISTER_PARTNER_FULL', '/invite_code', locale)
        throw error
      })
    })
    const session = await createSession(services, id, { ip: ctx.request.ip, userAgent: (ctx.request.headers['user-agent'] ?? '') })
    return { userinfo: { id, username, user_type: MERCHANT, token: session.token, expires_at: session.expiresAt } }
  },
})

/** The enabled partner whose service prefix number is `code`, locked as insertAccount asks; a disabled one takes no one. */
async function partnerOfInvite(ctx: RequestContext, trx: Db, code: string): Promise<ParentRow> {
  // Partners without a prefix number hold '': blank is no one's code.
  if (code === '') throw fieldError('REGISTER_INVITE_UNKNOWN', '/invite_code', ctx.locale, { code })
  let query = trx
    .selectFrom(tableOf(ctx.services, 'user'))
    .select(['id', 'path', 'user_type'])
    .where('service_prefix_no', '=', code)
    .where('user_type', '=', PARTNER)
    .where('status', '=', 1)
  if (ctx.services.dialect === 'postgres') query = query.forUpdate()
  const row = await query.executeTakeFirst()
  if (!row) throw fieldError('REGISTER_INVITE_UNKNOWN', '/invite_code', ctx.locale, { code })
  return { id: row.id, path: row.path, user_type: row.user_type }
}

/** A mobile names one account, or forgot-password could not tell whose it is. */
async function assertMobileFree(ctx: RequestContext, trx: Db, mobile: string): Promise<void> {
  const entity = ctx.services.registry.entities.get('user')!
  if (await trx.selectFrom(tableOf(ctx.services, 'user')).select('id').where('mobile', '=', mobile).executeTakeFirst()) {
    throw fieldError('RECORD_CONFLICT', '/username', ctx.locale, { field: fieldLabel(entity, 'mobile', ctx.locale), value: mobile, entity: accountLabel(entity, ctx.locale) })
  }
}

export const registrationHandlers = {
  'registration.register': register,
}
