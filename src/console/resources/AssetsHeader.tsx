import { Card, Col, Row, Space, Statistic, Typography } from 'antd'
import { useTranslate } from '../i18n/translate'
import { useQuery } from '@tanstack/react-query'
import type { User } from '../../generated/types'
import { useConsole, useLabel } from '../ConsoleContext'
import { fieldOf } from './fields'
import { headerQueryKey, type HeaderProps } from './header-props'

const QUOTAS = ['digital_man_count', 'digital_man_advanced_count', 'digital_voice_count'] as const
const EXCHANGE_NUMBERS = {
  digital_man_count: 'digital_man_money_exchange_num',
  digital_man_advanced_count: 'digital_man_advanced_money_exchange_num',
  digital_voice_count: 'digital_voice_money_exchange_num',
} as const
/**
 * Shown for a figure until get_user_info answers: a value in the value's own line, so each card is
 * as tall before as after (antd's loading skeleton is shorter), and the list below does not move.
 */
const PENDING = '—'
/** money_recharge_exchange_config lists 4 when the clone exchange ratio may be shown (spec §6). */
const CLONE_RATIO_SHOWN = '4'

/**
 * The balance and quotas above the caller's own ledger (account/property), read fresh from
 * get_user_info each time the page opens: they change as the ledger does.
 */
export function AssetsHeader({ resource }: HeaderProps) {
  const t = useTranslate()
  const label = useLabel()
  const { registry, http } = useConsole()
  const user = registry.entities.get('user')!
  const fieldLabel = (name: string) => label(fieldOf(registry, user, name).label, name)
  const { data } = useQuery({
    queryKey: headerQueryKey(resource, 'my-assets'),
    queryFn: () => http.request<User>({ method: 'POST', path: registry.endpoints.get('platform/get_user_info')!.path }),
    staleTime: 0,
  })
  const { data: settings } = useQuery({
    queryKey: ['platform-config'],
    queryFn: () => http.request<Record<string, unknown>>({ method: 'GET', path: registry.endpoints.get('platform/get_platform_config')!.path }),
  })
  const ratios = String(settings?.money_recharge_exchange_config ?? '').split(',').includes(CLONE_RATIO_SHOWN)
    ? QUOTAS.map((quota) => ({ quota, units: Number(settings?.[EXCHANGE_NUMBERS[quota]] ?? 0) })).filter(({ units }) => units > 0)
    : []
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} md={6}>
        <Card size="small">
          <Statistic title={fieldLabel('money')} value={data?.money ?? PENDING} suffix={data ? t('money.currency') : undefined} />
        </Card>
      </Col>
      {QUOTAS.map((quota) => (
        <Col key={quota} xs={24} sm={8} md={6}>
          <Card size="small">
            <Statistic title={fieldLabel(quota)} value={data ? (data[quota] ?? 0) : PENDING} />
          </Card>
        </Col>
      ))}
      {ratios.length > 0 && (
        <Col span={24}>
          <Card size="small" title={t('assets.exchangeRatio')}>
            <Space size="large" wrap data-testid="exchange-ratios">
              {ratios.map(({ quota, units }) => (
                <Typography.Text key={quota}>{t('assets.perYuan', { units, what: fieldLabel(quota) })}</Typography.Text>
              ))}
            </Space>
          </Card>
        </Col>
      )}
    </Row>
  )
}
