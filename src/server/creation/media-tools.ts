import type { Locale } from '../../schema/types'
import { AppError } from '../errors/AppError'
import { checkMediaTools, missingToolsMessage } from '../media/tools'

/** Refuse work this machine cannot do, saying what to install, before anything is charged or queued. */
export async function requireMediaTools(locale: Locale): Promise<void> {
  const message = missingToolsMessage(await checkMediaTools(), locale)
  if (message) throw new AppError('MEDIA_TOOLS_MISSING', { message })
}
