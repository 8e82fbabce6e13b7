import { Tag, Typography } from 'antd'
import { MobileOutlined } from '@ant-design/icons'
import { useTranslate } from '../../i18n/translate'
import { enumValueLabel } from '../../../schema/enum-labels'
import type { JsonSchema } from '../../../schema/types'
import { useConsole } from '../../ConsoleContext'
import type { AccountNode } from './tree-model'
import './relation-tree.css'

/** Tag colours by user_type: admin, partner, merchant, agent. */
const ROLE_COLORS = ['red', 'blue', 'green', 'orange'] as const

/**
 * One account in the tree, on one line: name / username, its role, its mobile, how many are
 * below it, and whether it is disabled. On a narrow screen the name and the mobile are cut
 * (whole in their titles); the tags and the count are not (relation-tree.css).
 */
export function AccountTitle({ account, match }: { account: AccountNode; match: boolean }) {
  const t = useTranslate()
  const { registry, locale } = useConsole()
  const properties = registry.entities.get('user')!.schema.properties as Record<string, JsonSchema>
  const names = account.name && account.name !== account.username ? `${account.name} / ${account.username}` : account.username
  return (
    <div className="relation-tree-account" data-account={account.username}>
      <Typography.Text className="relation-tree-name" title={names} mark={match} strong={match}>{names}</Typography.Text>
      <Tag className="relation-tree-fixed" color={ROLE_COLORS[account.user_type]} bordered={false} style={{ marginInlineEnd: 0 }}>
        {enumValueLabel(properties.user_type, account.user_type, locale)}
      </Tag>
      {account.status === 0 ? <Tag className="relation-tree-fixed" style={{ marginInlineEnd: 0 }}>{enumValueLabel(properties.status, 0, locale)}</Tag> : null}
      {account.mobile ? (
        <Typography.Text type="secondary" className="relation-tree-mobile" title={account.mobile}>
          <MobileOutlined /> {account.mobile}
        </Typography.Text>
      ) : null}
      {account.child_count > 0 ? <Typography.Text type="secondary" className="relation-tree-fixed relation-tree-count">{t('tree.below', { count: account.child_count })}</Typography.Text> : null}
    </div>
  )
}
