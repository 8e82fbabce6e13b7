import { useState } from 'react'
import { useLocation } from 'react-router'
import { Alert, Card, Empty, Segmented, Skeleton, theme } from 'antd'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { Endpoints } from '../../generated/types'
import { useTranslate } from '../i18n/translate'
import { useConsole, useLabel } from '../ConsoleContext'
import { fieldOf } from '../resources/fields'
import { headerQueryKey, type HeaderProps } from '../resources/header-props'
import { axisTick } from '../pages/dashboard/chart-style'
import { textWidth } from '../resources/column-width'
import './post-stats.css'

type Stats = Endpoints['release_post/stats']['response']
type GroupBy = NonNullable<Endpoints['release_post/stats']['query']['group_by']>

const GROUPINGS: { value: GroupBy; label: string }[] = [
  { value: 'plan_id', label: 'postStats.byPlan' },
  { value: 'account_id', label: 'postStats.byAccount' },
  { value: 'work_id', label: 'postStats.byWork' },
]
const METRICS = ['views', 'likes', 'comments', 'shares'] as const
const CHART_HEIGHT = 280
/** Under the chart, its legend's line and the axes' note (post-stats.css): about 45 px, rounded up. */
const LEGEND_AND_AXES_HEIGHT = 46
/** Room for one group's four bars and a title of a few words: two groups fit a phone; more than fit scroll sideways. */
const GROUP_WIDTH = 88
/** The axis's text, in pixels: titles are cut to what their group's width holds of them. */
const TICK_FONT_SIZE = 12
/** Both value axes (64 and 56) and the margins (8 each side). */
const AXES_WIDTH = 136
const BAR_MAX_WIDTH = 40

/**
 * Above the Video data list: the posts' views, likes, comments and shares added up per plan,
 * account or work, narrowed by the same plan, account or work the list is filtered by.
 */
export function PostStatsHeader({ resource }: HeaderProps) {
  const t = useTranslate()
  const label = useLabel()
  const { registry, http, locale } = useConsole()
  const { token } = theme.useToken()
  const { search } = useLocation()
  const [groupBy, setGroupBy] = useState<GroupBy>('plan_id')
  const [chartWidth, setChartWidth] = useState(0)
  // Under the scrolling box, not in it: on a phone the chart is wider than the screen, and its legend would be cut.
  const [legendBox, setLegendBox] = useState<HTMLDivElement | null>(null)
  const post = registry.entities.get('release_post')!
  const fieldLabel = (name: string) => label(fieldOf(registry, post, name).label, name)
  const query = { group_by: groupBy, ...statsFilters(search) }
  const { data, error, isLoading } = useQuery({
    queryKey: headerQueryKey(resource, 'post-stats', query),
    queryFn: () => http.request<Stats>({ method: 'GET', path: registry.endpoints.get('release_post/stats')!.path, query }),
    // Another grouping keeps the chart in place until its figures arrive, rather than blinking to a skeleton.
    placeholderData: keepPreviousData,
  })
  const number = new Intl.NumberFormat(locale)
  const groups = (data?.groups ?? []).map((g) => ({ ...g, title: g.title || `#${g.id}` }))
  // Posts whose figures were never read count zero everywhere: a chart of nothing but zeros says less than the reason.
  const empty = groups.every((g) => METRICS.every((m) => g[m] === 0))
  const chartLabel = t(`postStats.chart.${groupBy}`)
  const titleWidth = Math.max(GROUP_WIDTH, (chartWidth - AXES_WIDTH) / Math.max(1, groups.length)) - 4
  // The text shades, which the dark theme lightens: on white the plain warning and success colours fade.
  const colours: Record<(typeof METRICS)[number], string> = { views: token.colorPrimary, likes: token.colorErrorText, comments: token.colorWarningText, shares: token.colorSuccessText }
  const axis = axisTick(token)
  // Recharts writes each legend in its series' colour, too pale to read as text.
  const legendText = (value: string) => <span style={{ color: token.colorText }}>{value}</span>
  // In the order of METRICS: recharts sorts legends and tooltips by name, so each language would order them its own way.
  const inOrder = (item: { dataKey?: unknown }) => METRICS.indexOf(item.dataKey as (typeof METRICS)[number])

  return (
    <Card size="small" style={{ marginBottom: 16 }} title={t('postStats.title')}>
      {/* In the body, not the card's head: beside the title it would not fit a phone. */}
      <Segmented<GroupBy>
        name="post-stats-group"
        aria-label={t('postStats.groupBy')}
        value={groupBy}
        onChange={setGroupBy}
        options={GROUPINGS.map((g) => ({ value: g.value, label: t(g.label) }))}
        style={{ marginBottom: 12, maxWidth: '100%' }}
      />
      {/* As tall whichever shows, the skeleton, an error, no figures or the chart with its legend: the list under the panel stays where it first appeared. */}
      <div className={isLoading || error || empty ? 'post-stats-waiting' : undefined} style={{ minHeight: CHART_HEIGHT + LEGEND_AND_AXES_HEIGHT }}>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : error ? (
          <Alert type="error" showIcon message={error.message} />
        ) : empty ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('postStats.empty')} />
        ) : (
          <>
            {/* One region, focusable so that a keyboard can scroll it: the chart for the eye, the table for a screen reader. */}
            <div className="post-stats-scroll" role="region" aria-label={chartLabel} tabIndex={0}>
              <div aria-hidden="true">
                <ResponsiveContainer width="100%" height={CHART_HEIGHT} minWidth={groups.length * GROUP_WIDTH + AXES_WIDTH} onResize={setChartWidth}>
                  <BarChart data={groups} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
                    <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} />
                    <XAxis dataKey="title" tick={axis} stroke={token.colorBorder} interval={0} tickFormatter={(title: string) => cut(title, titleWidth)} />
                    {/* Views run a hundred times the rest: on one axis likes, comments and shares would be slivers. */}
                    <YAxis yAxisId="views" tick={axis} stroke={token.colorBorder} width={64} allowDecimals={false} tickFormatter={compact(locale)} />
                    <YAxis yAxisId="rest" orientation="right" tick={axis} stroke={token.colorBorder} width={56} allowDecimals={false} tickFormatter={compact(locale)} />
                    <Tooltip
                      contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorderSecondary}`, color: token.colorText }}
                      cursor={{ fill: token.colorFillTertiary }}
                      itemStyle={{ color: token.colorText }}
                      itemSorter={inOrder}
                      formatter={(value) => number.format(Number(value))}
                    />
                    {legendBox ? <Legend portal={legendBox} formatter={legendText} itemSorter={inOrder} /> : null}
                    {METRICS.map((metric) => (
                      <Bar key={metric} yAxisId={metric === 'views' ? 'views' : 'rest'} dataKey={metric} name={fieldLabel(metric)} fill={colours[metric]} maxBarSize={BAR_MAX_WIDTH} isAnimationActive={false} />
                    ))}
                  </BarChart>
                </ResponsiveContainer>
              </div>
              {/* Hidden by a box of its own: a table is as wide as its cells whatever its width says, and would widen the scroll. */}
              <div className="visually-hidden">
                <table>
                  <caption>{chartLabel}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{fieldLabel(groupBy)}</th>
                      <th scope="col">{t('postStats.posts')}</th>
                      {METRICS.map((metric) => (
                        <th key={metric} scope="col">
                          {fieldLabel(metric)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {groups.map((g) => (
                      <tr key={g.id}>
                        <th scope="row">{g.title}</th>
                        <td>{number.format(g.posts)}</td>
                        {METRICS.map((metric) => (
                          <td key={metric}>{number.format(g[metric])}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
            <div aria-hidden="true">
              <div ref={setLegendBox} className="post-stats-legend" />
              <div className="post-stats-axes">{t('postStats.axes', { left: fieldLabel('views'), right: t('postStats.rest') })}</div>
            </div>
          </>
        )}
      </div>
    </Card>
  )
}

/** A title on the axis, cut to the pixels its group has so that neighbours do not overlap; the tooltip and the table have it whole. */
export function cut(title: string, width: number): string {
  if (textWidth(title, TICK_FONT_SIZE) <= width) return title
  let kept = ''
  for (const letter of title) {
    if (textWidth(`${kept}${letter}…`, TICK_FONT_SIZE) > width) break
    kept += letter
  }
  return `${kept}…`
}

/** Axis ticks in short form (12K, 1.2万): a full 1,234,567 would take the narrow axis's room. */
function compact(locale: string): (value: number) => string {
  const format = new Intl.NumberFormat(locale, { notation: 'compact' })
  return (value) => format.format(value)
}

const FILTERED = ['plan_id', 'account_id', 'work_id'] as const
type Filtered = (typeof FILTERED)[number]

/**
 * The plan, account and work the list is narrowed to, from the page's address: Refine keeps the
 * list's filters there (`filters[0][field]=plan_id&filters[0][operator]=eq&filters[0][value]=3`),
 * and a link from elsewhere may say just `?plan_id=3`. The list's own filter wins, even cleared.
 */
function statsFilters(search: string): Partial<Record<Filtered, number>> {
  const params = new URLSearchParams(search)
  const listed = new Map<string, Record<string, string>>()
  for (const [key, value] of params) {
    const part = /^filters\[(\d+)\]\[(field|operator|value)\]$/.exec(key)
    if (part) listed.set(part[1]!, { ...listed.get(part[1]!), [part[2]!]: value })
  }
  const out: Partial<Record<Filtered, number>> = {}
  for (const field of FILTERED) {
    const filter = [...listed.values()].find((f) => f.field === field && f.operator === 'eq')
    const id = Number(filter ? filter.value : params.get(field))
    if (Number.isInteger(id) && id > 0) out[field] = id
  }
  return out
}
