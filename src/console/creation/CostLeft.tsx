import { Alert, Typography } from 'antd'
import { Link } from 'react-router'
import { useGetIdentity } from '@refinedev/core'
import type { Identity } from '../providers/authProvider'
import { consoleRoutes, routeAllows } from '../../schema/route-access'
import { useTranslate } from '../i18n/translate'
import { useConsole } from '../ConsoleContext'
import { fenToYuan } from './task-cost'

/**
 * What the account has left of what a submission reserves, said beside the cost before it is
 * sent; when it is not enough, which count runs short and where more comes from, instead of a
 * refusal after the form was filled in.
 */
export function CostLeft({ ledger, total, unit }: { ledger: string; total: number; unit: string }) {
  const t = useTranslate()
  const { registry } = useConsole()
  const { data: identity } = useGetIdentity<Identity>()
  if (!identity) return null
  const money = ledger === 'money'
  const held = money ? Math.round(Number(identity.money ?? 0) * 100) : Number((identity as unknown as Record<string, unknown>)[ledger] ?? 0)
  const said = money ? `${fenToYuan(held)} ${unit}` : `${held} ${unit}`
  const assets = consoleRoutes(registry).find((route) => route.resource === 'property' && routeAllows(route.roles, identity.role))?.path
  return (
    <>
      <Typography.Paragraph type="secondary" className="task-cost-left" style={{ margin: 0 }}>
        {t('task.left', { amount: said })}
      </Typography.Paragraph>
      {held < total ? (
        <Alert
          type="warning"
          showIcon
          className="task-cost-short"
          style={{ marginTop: 8 }}
          message={t(money ? 'task.shortMoney' : 'task.shortQuota', { what: unit })}
          description={assets ? <Link to={assets}>{t(money ? 'task.getMoney' : 'task.getQuota')}</Link> : null}
        />
      ) : null}
    </>
  )
}
