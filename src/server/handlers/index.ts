import type { NamedHandler } from './context'
import { accountHandlers } from './accounts'
import { agreementHandlers } from './agreement'
import { authHandlers } from './auth'
import { dashboardHandlers } from './dashboard'
import { domainHandlers } from './domain'
import { navigationHandlers } from './navigation'
import { rechargeOrderHandlers } from './recharge-orders'
import { rechargePackageHandlers } from './recharge-packages'
import { settingsHandlers } from './settings'
import { transferHandlers } from './transfers'
import { treeHandlers } from './tree'
import { uploadHandlers } from './upload'
import { passwordResetHandlers } from './password-reset'
import { rechargeCardHandlers } from './recharge-cards'
import { rechargeCardExportHandlers } from './recharge-card-export'
import { registrationHandlers } from './registration'

/** Every named handler an endpoint file may name in "handler". */
export const namedHandlers: Record<string, NamedHandler> = {
  ...accountHandlers,
  ...agreementHandlers,
  ...authHandlers,
  ...dashboardHandlers,
  ...domainHandlers,
  ...navigationHandlers,
  ...rechargeOrderHandlers,
  ...rechargePackageHandlers,
  ...settingsHandlers,
  ...transferHandlers,
  ...treeHandlers,
  ...uploadHandlers,
  ...passwordResetHandlers,
  ...rechargeCardHandlers,
  ...rechargeCardExportHandlers,
  ...registrationHandlers,
}
