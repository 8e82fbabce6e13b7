import { Alert } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslate } from '../i18n/translate'
import { useConsole } from '../ConsoleContext'

interface MediaTools {
  ready: boolean
  message: string | null
}

const TOOLS = 'material/tools'

/**
 * On the creation screens: what this machine lacks to work on media (ffmpeg, ffprobe) and how to
 * install it, as the server says it, before anyone uploads or submits and is refused. Nothing when
 * all is there, or when the call is not one the account may make.
 */
export function MediaToolsAlert() {
  const t = useTranslate()
  const { registry, http, locale } = useConsole()
  const endpoint = registry.endpoints.get(TOOLS)
  const { data } = useQuery({
    queryKey: ['media-tools', locale],
    queryFn: () => http.request<MediaTools>({ method: 'GET', path: endpoint!.path, quiet: true }),
    enabled: Boolean(endpoint),
    staleTime: 60_000,
  })
  if (!data || (data.ready && !data.message)) return null
  // Ready but with something missing (espeak-ng): clips and mixed cuts work, a voice-over does not.
  return (
    <Alert
      type={data.ready ? 'info' : 'warning'}
      showIcon
      message={t(data.ready ? 'creation.toolsPartial' : 'creation.toolsMissing')}
      description={<span style={{ whiteSpace: 'pre-wrap' }}>{data.message}</span>}
      style={{ marginBottom: 16 }}
    />
  )
}
