import type { FastifyRequest } from 'fastify'
import type { Locale } from '../schema/types'

/** The console sends its locale in `lang`; other clients get Accept-Language, then English. */
export function localeOf(request: FastifyRequest): Locale {
  const asked = String(request.headers.lang ?? request.headers['accept-language'] ?? '')
  return asked.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US'
}
