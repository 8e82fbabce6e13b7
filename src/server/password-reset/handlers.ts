import type { FastifyRequest } from 'fastify'
import { AppError, fieldError } from '../errors/AppError'
import { hashPassword } from '../auth/password'
import { revokeSessions } from '../auth/sessions'
import { tableOf } from '../db/table-of'
import { createCaptcha, solveCaptcha } from './captcha'
import { accountKeyOf, findResetAccount } from './reset-account'
import { issueResetCode, redeemResetCode, withdrawResetCode } from './reset-codes'
import { namedHandler } from '../engine/handler-context'

const captchaImage = namedHandler(['platform/captcha_image'], {
  // Pictures are cheap to ask for and each is a row: a per-address cap keeps a flood from filling the table.
  preHandlers(app, services) {
    const limit = app.createRateLimit({ max: services.config.passwordReset.captchasPerMinute, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => `captcha-ip:${req.ip}` })
    return [
      async (request) => {
        const result = await limit(request)
        if (!result.isAllowed && result.isExceeded) throw new AppError('RATE_LIMITED', { seconds: Math.max(1, result.ttlInSeconds) })
      },
    ]
  },
  async run(ctx) {
    const picture = await createCaptcha(ctx.services)
    return { captcha_id: picture.captchaId, image: picture.image, expires_in: picture.expiresIn }
  },
})

const sendCode = namedHandler(['platform/get_captcha'], {
  async run(ctx) {
    const { services } = ctx
    const typed = ctx.body.account
    if (!(await solveCaptcha(services, ctx.body.captcha_id, ctx.body.captcha))) {
      throw fieldError('CAPTCHA_WRONG', '/captcha', ctx.locale)
    }
    const account = await findResetAccount(services, typed)
    const issued = await issueResetCode(services, { accountKey: accountKeyOf(account, typed), userId: account?.id ?? null, ip: ctx.request.ip })
    if (account) {
      try {
        await services.resetCodeSender.send(account, issued.code, ctx.request.log)
      } catch (error) {
        ctx.request.log.error({ err: error, account: account.username }, 'reset code could not be sent')
        await withdrawResetCode(services, issued.id)
        throw new AppError('RESET_CODE_NOT_SENT')
      }
    }
    const { codeTtlSeconds, resendSeconds } = services.config.passwordReset
    // The same answer whether or not the account exists: nothing here tells strangers which do.
    return { channel: services.resetCodeSender.channel, expires_in: codeTtlSeconds, resend_in: resendSeconds }
  },
})

const resetPassword = namedHandler(['platform/reset_pwd'], {
  async run(ctx) {
    const { services } = ctx
    const typed = ctx.body.account
    const account = await findResetAccount(services, typed)
    const redemption = await redeemResetCode(services, accountKeyOf(account, typed), ctx.body.code)
    if (!redemption.ok) {
      throw fieldError(redemption.error, '/code', ctx.locale, redemption.error === 'RESET_CODE_WRONG' ? { left: redemption.left } : {})
    }
    await services.db
      .updateTable(tableOf(services, 'user'))
      .set({ password_hash: await hashPassword(ctx.body.new_password), updated_at: services.now().toISOString() })
      .where('id', '=', redemption.userId)
      .execute()
    // Whoever knew the old password may still be signed in somewhere; a reset ends every session.
    await revokeSessions(services, { userId: redemption.userId }, 'password_changed')
    return { username: account!.username }
  },
})

export const passwordResetHandlers = {
  'passwordReset.captchaImage': captchaImage,
  'passwordReset.sendCode': sendCode,
  'passwordReset.resetPassword': resetPassword,
}
