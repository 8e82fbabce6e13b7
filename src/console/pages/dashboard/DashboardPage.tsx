import { useState } from 'react'
import { Alert, Card, Col, DatePicker, Empty, Row, Space, Statistic, Typography, theme } from 'antd'
import { useGetIdentity } from '@refinedev/core'
import { useTranslate } from '../../i18n/translate'
import { useQuery } from '@tanstack/react-query'
import dayjs, { type Dayjs } from 'dayjs'
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { Identity } from '../../providers/authProvider'
import { useConsole, useLabel } from '../../ConsoleContext'
import { enumLabel, fieldOf } from '../../resources/fields'
import { formatMoney } from '../../resources/money'
import { PageHeading } from '../../layout/PageHeading'
import { useRouteTitle } from '../../layout/useRouteTitle'
import { axisTick } from './chart-style'
import { WorkbenchPanels } from './WorkbenchPanels'
import './dashboard.css'

interface DashboardData {
  start: string
  end: string
  accounts: { partner: number; merchant: number; agent: number; created_in_range: number }
  holdings: Record<'money', string> & Record<'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count', number>
  money: { in: string; out: string; held: string; by_type: { type: string; in: string; out: string }[] }
  daily: { date: string; money_in: string; money_out: string; accounts_created: number }[]
  orders: { placed: number; credited: number; cancelled: number; credited_amount: string; awaiting: number }
  cards: { issued: number; used: number; used_money: string; unused_held: number }
}

const QUOTAS = ['digital_man_count', 'digital_man_advanced_count', 'digital_voice_count'] as const
const CHART_HEIGHT = 280

/**
 * /home/index (admin) and /dashboard/workBench (partner, merchant): one page, as
 * dashboard_data already answers for the caller's reach; only the account counts are
 * left out for a merchant, who has no one below it. The workbench leads with making:
 * where to start, the tasks and works, and accounts to authorize again.
 */
export default function DashboardPage() {
  const t = useTranslate()
  const label = useLabel()
  const { registry, http, locale } = useConsole()
  const { token } = theme.useToken()
  const { data: identity } = useGetIdentity<Identity>()
  const title = useRouteTitle()
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day'), dayjs()])
  const endpoint = registry.endpoints.get('platform/dashboard_data')!
  const query = { start: range[0].format('YYYY-MM-DD'), end: range[1].format('YYYY-MM-DD'), utc_offset: -new Date().getTimezoneOffset() }
  const { data, isLoading, error } = useQuery({
    queryKey: ['dashboard', query],
    queryFn: () => http.request<DashboardData>({ method: 'GET', path: endpoint.path, query }),
  })
  const user = registry.entities.get('user')!
  const ledgerType = fieldOf(registry, registry.entities.get('user_money_log')!, 'type')
  const userLabel = (field: string) => label(fieldOf(registry, user, field).label, field)
  const yuan = t('money.currency')
  const quiet = data && data.daily.every((d) => Number(d.money_in) === 0 && Number(d.money_out) === 0 && d.accounts_created === 0)
  const daily = data?.daily.map((d) => ({ date: d.date.slice(5), in: Number(d.money_in), out: Number(d.money_out), created: d.accounts_created })) ?? []
  const byType = data?.money.by_type.map((r) => ({ type: enumLabel(ledgerType, r.type, locale), in: Number(r.in), out: Number(r.out) })) ?? []
  const axis = axisTick(token)
  const tooltip = { contentStyle: { background: token.colorBgElevated, border: `1px solid ${token.colorBorderSecondary}`, color: token.colorText } }
  // Recharts writes each legend in its series' colour, too pale to read as text (2.3:1 for the green).
  const legendText = (value: string) => <span style={{ color: token.colorText }}>{value}</span>

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PageHeading
        title={title}
        extra={
          <Space wrap>
            <Typography.Text strong>{t('dashboard.range')}</Typography.Text>
            <DatePicker.RangePicker
              value={range}
              allowClear={false}
              disabledDate={(day) => day.isAfter(dayjs(), 'day')}
              presets={[
                { label: t('dashboard.last7'), value: [dayjs().subtract(6, 'day'), dayjs()] },
                { label: t('dashboard.last30'), value: [dayjs().subtract(29, 'day'), dayjs()] },
                { label: t('dashboard.thisMonth'), value: [dayjs().startOf('month'), dayjs()] },
                { label: t('dashboard.last365'), value: [dayjs().subtract(365, 'day'), dayjs()] },
              ]}
              onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
            />
          </Space>
        }
      />
      {error ? <Alert type="error" showIcon message={(error as Error).message} /> : null}
      {identity && identity.role !== 'admin' ? <WorkbenchPanels role={identity.role} holdings={data?.holdings} /> : null}
      <Row gutter={[16, 16]}>
        {identity?.role !== 'merchant' && (
          <>
            {identity?.role === 'admin' && <Figure title={t('dashboard.partners')} value={data?.accounts.partner} loading={isLoading} />}
            <Figure title={t('dashboard.merchants')} value={data?.accounts.merchant} loading={isLoading} />
            <Figure title={t('dashboard.agents')} value={data?.accounts.agent} loading={isLoading} />
            <Figure title={t('dashboard.newAccounts')} value={data?.accounts.created_in_range} loading={isLoading} />
          </>
        )}
        <Figure title={t('dashboard.moneyIn')} value={data?.money.in} suffix={yuan} loading={isLoading} color={token.colorSuccessText} />
        <Figure title={t('dashboard.moneyOut')} value={data?.money.out} suffix={yuan} loading={isLoading} color={token.colorErrorText} />
        <Figure title={t('dashboard.reserved')} value={data?.money.held} suffix={yuan} loading={isLoading} note={t('dashboard.reservedNote')} />
        <Figure title={t('dashboard.held', { what: userLabel('money') })} value={data?.holdings.money} suffix={yuan} loading={isLoading} />
        {QUOTAS.map((quota) => (
          <Figure key={quota} title={t('dashboard.held', { what: userLabel(quota) })} value={data?.holdings[quota]} loading={isLoading} />
        ))}
        {identity?.role !== 'merchant' && (
          <>
            <Figure title={t('dashboard.ordersPlaced')} value={data?.orders.placed} loading={isLoading} />
            <Figure title={t('dashboard.ordersCredited')} value={data?.orders.credited_amount} suffix={yuan} loading={isLoading} note={data && t('dashboard.ordersCount', { count: data.orders.credited })} />
            <Figure title={t('dashboard.ordersAwaiting')} value={data?.orders.awaiting} loading={isLoading} color={data?.orders.awaiting ? token.colorWarningText : undefined} />
          </>
        )}
        {identity?.role === 'admin' && <Figure title={t('dashboard.cardsIssued')} value={data?.cards.issued} loading={isLoading} />}
        <Figure title={t('dashboard.cardsUsed')} value={data?.cards.used} loading={isLoading} note={data && t('dashboard.cardsUsedMoney', { money: formatMoney(data.cards.used_money) })} />
        {identity?.role !== 'merchant' && <Figure title={t('dashboard.cardsHeld')} value={data?.cards.unused_held} loading={isLoading} />}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={t('dashboard.moneyByDay')} loading={isLoading}>
            {quiet ? (
              <Empty description={t('dashboard.quiet')} style={{ height: CHART_HEIGHT - 40 }} />
            ) : (
              <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
                <LineChart data={daily} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                  <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} />
                  <XAxis dataKey="date" tick={axis} stroke={token.colorBorder} minTickGap={16} />
                  <YAxis tick={axis} stroke={token.colorBorder} width={64} />
                  <Tooltip {...tooltip} />
                  <Legend formatter={legendText} />
                  <Line type="linear" dataKey="in" name={t('dashboard.moneyIn')} stroke={token.colorSuccess} dot={false} strokeWidth={2} isAnimationActive={false} />
                  <Line type="linear" dataKey="out" name={t('dashboard.moneyOut')} stroke={token.colorError} dot={false} strokeWidth={2} isAnimationActive={false} />
                </LineChart>
              </ResponsiveContainer>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('dashboard.moneyByType')} loading={isLoading}>
            {byType.length === 0 ? (
              <Empty description={t('dashboard.quiet')} style={{ height: CHART_HEIGHT - 40 }} />
            ) : (
              <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
                <BarChart data={byType} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
                  <CartesianGrid stroke={token.colorBorderSecondary} horizontal={false} />
                  <XAxis type="number" tick={axis} stroke={token.colorBorder} />
                  <YAxis type="category" dataKey="type" tick={axis} stroke={token.colorBorder} width={96} />
                  <Tooltip {...tooltip} cursor={{ fill: token.colorFillTertiary }} />
                  <Legend formatter={legendText} />
                  <Bar dataKey="in" name={t('dashboard.moneyIn')} fill={token.colorSuccess} isAnimationActive={false} />
                  <Bar dataKey="out" name={t('dashboard.moneyOut')} fill={token.colorError} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            )}
          </Card>
        </Col>
        {identity?.role !== 'merchant' && (
          <Col xs={24}>
            <Card title={t('dashboard.accountsByDay')} loading={isLoading}>
              {quiet ? (
                <Empty description={t('dashboard.quiet')} style={{ height: CHART_HEIGHT - 40 }} />
              ) : (
                <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
                  <BarChart data={daily} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                    <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} />
                    <XAxis dataKey="date" tick={axis} stroke={token.colorBorder} minTickGap={16} />
                    <YAxis tick={axis} stroke={token.colorBorder} allowDecimals={false} width={64} />
                    <Tooltip {...tooltip} cursor={{ fill: token.colorFillTertiary }} />
                    <Bar dataKey="created" name={t('dashboard.newAccounts')} fill={token.colorPrimary} isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              )}
            </Card>
          </Col>
        )}
      </Row>
    </Space>
  )
}

/**
 * One figure: a card a row to itself on a phone, two to a row on a tablet, three or four on
 * a desktop, so that each label has room for one line (it ends in an ellipsis, with the whole
 * label as its tooltip, where a long translation still does not fit).
 */
function Figure({ title, value, suffix, loading, color, note }: { title: string; value: string | number | undefined; suffix?: string; loading: boolean; color?: string; note?: string }) {
  return (
    <Col xs={24} sm={12} lg={8} xxl={6}>
      <Card size="small" style={{ height: '100%' }}>
        <Statistic className="dashboard-figure" title={<span title={title}>{title}</span>} value={value ?? 0} suffix={suffix} loading={loading} valueStyle={color ? { color } : undefined} />
        {note ? <Typography.Text type="secondary">{note}</Typography.Text> : null}
      </Card>
    </Col>
  )
}
