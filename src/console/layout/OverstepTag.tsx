import { Tag, Tooltip } from 'antd'
import { useTranslate } from '../i18n/translate'
import dayjs from 'dayjs'
import type { OverstepOpening } from '../providers/token-store'

/**
 * The header's reminder, in a merchant console opened by overstep login, of who opened it and
 * when it ends: the server ends it then, or sooner when the opener signs out.
 */
export function OverstepTag({ opening }: { opening: OverstepOpening }) {
  const t = useTranslate()
  const ends = dayjs(opening.expires_at)
  // Within the day the time says enough; a console opened for longer also says which day.
  const time = ends.format(ends.isSame(dayjs(), 'day') ? 'HH:mm' : 'MM-DD HH:mm')
  const params = { opener: opening.opened_by.username, time }
  return (
    <Tooltip title={t('overstep.detail', params)}>
      <Tag color="warning" style={{ display: 'block', marginInlineEnd: 0, maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {t('overstep.notice', params)}
      </Tag>
    </Tooltip>
  )
}
