import type { Locale } from '../../schema/types'
import { AppError } from '../errors/AppError'
import { checkMediaTools, missingToolsMessage, type MediaTools } from '../media/tools'

/**
 * Refuse work this machine cannot do, saying what to install, before anything is charged or
 * queued. Speech (espeak-ng) is asked for only by work that speaks.
 */
export async function requireMediaTools(locale: Locale, opts: { speech?: boolean } = {}): Promise<void> {
  const tools = await checkMediaTools()
  const needed: MediaTools = { ffmpeg: tools.ffmpeg, ffprobe: tools.ffprobe, espeak: opts.speech ? tools.espeak : (tools.espeak ?? 'not needed') }
  const message = missingToolsMessage(needed, locale)
  if (message) throw new AppError('MEDIA_TOOLS_MISSING', { message })
}
