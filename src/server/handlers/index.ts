import type { NamedHandler } from './context'
import { authHandlers } from './auth'
import { domainHandlers } from './domain'
import { navigationHandlers } from './navigation'
import { passwordResetHandlers } from './password-reset'

/** Every named handler an endpoint file may name in "handler". */
export const namedHandlers: Record<string, NamedHandler> = {
  ...authHandlers,
  ...domainHandlers,
  ...navigationHandlers,
  ...passwordResetHandlers,
}
