import type { NamedHandler } from './context'
import { agreementHandlers } from './agreement'
import { authHandlers } from './auth'
import { domainHandlers } from './domain'
import { navigationHandlers } from './navigation'
import { settingsHandlers } from './settings'
import { uploadHandlers } from './upload'
import { passwordResetHandlers } from './password-reset'

/** Every named handler an endpoint file may name in "handler". */
export const namedHandlers: Record<string, NamedHandler> = {
  ...agreementHandlers,
  ...authHandlers,
  ...domainHandlers,
  ...navigationHandlers,
  ...settingsHandlers,
  ...uploadHandlers,
  ...passwordResetHandlers,
}
