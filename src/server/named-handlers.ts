import type { NamedHandler } from './engine/handler-context'
import { accountHandlers } from './accounts/handlers'
import { agreementHandlers } from './protocol/agreement-handlers'
import { authHandlers } from './auth/handlers'
import { dashboardHandlers } from './dashboard/handlers'
import { domainHandlers } from './domains/handlers'
import { navigationHandlers } from './engine/menu-handlers'
import { rechargeOrderHandlers } from './recharge-orders/handlers'
import { rechargePackageHandlers } from './recharge-packages/handlers'
import { settingsHandlers } from './settings/handlers'
import { transferHandlers } from './transfers/handlers'
import { exchangeNoticeHandlers } from './transfers/exchange-notices'
import { treeHandlers } from './accounts/tree-handlers'
import { uploadHandlers } from './uploads/handlers'
import { passwordResetHandlers } from './password-reset/handlers'
import { rechargeCardHandlers } from './recharge-cards/handlers'
import { rechargeCardExportHandlers } from './recharge-cards/export-handler'
import { listExportHandlers } from './export/list-export'
import { registrationHandlers } from './accounts/registration-handlers'
import { taskEndpointHandlers } from './tasks/handlers'
import { taskHandlers } from './task-handlers'
import { taskUseHandlers } from './tasks/uses'
import { materialHandlers } from './materials/handlers'
import { digitalHumanHandlers } from './digital-human/handlers'
import { aiHandlers } from './ai/handlers'
import { matrixHandlers } from './matrix/handlers'

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
  ...exchangeNoticeHandlers,
  ...treeHandlers,
  ...uploadHandlers,
  ...passwordResetHandlers,
  ...rechargeCardHandlers,
  ...rechargeCardExportHandlers,
  ...listExportHandlers,
  ...registrationHandlers,
  ...taskEndpointHandlers(taskHandlers),
  ...digitalHumanHandlers,
  ...taskUseHandlers,
  ...materialHandlers,
  ...aiHandlers,
  ...matrixHandlers,
}
