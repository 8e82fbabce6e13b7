import { Alert } from 'antd'
import { useEndpointAnswer } from '../providers/useEndpointAnswer'
import { useTranslate } from '../i18n/translate'

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
  const { data } = useEndpointAnswer<MediaTools>(TOOLS, 60_000)
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
