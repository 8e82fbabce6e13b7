import { Space, Tag, Typography } from 'antd'
import { MobileOutlined } from '@ant-design/icons'
import { useTranslate } from '../../i18n/translate'
import { enumValueLabel } from '../../../schema/enum-labels'
import type { JsonSchema } from '../../../schema/types'
import { useConsole } from '../../ConsoleContext'
import type { AccountNode } from './tree-model'

/** Tag colours by user_type: admin, partner, merchant, agent. */
const ROLE_COLORS = ['red', 'blue', 'green', 'orange'] as const

/** One account in the tree: name / username, its role, its mobile, how many are below it, and whether it is disabled. */
export function AccountTitle({ account, match }: { account: AccountNode; match: boolean }) {
  const t = useTranslate()
  const { registry, locale } = useConsole()
  const properties = registry.entities.get('user')!.schema.properties as Record<string, JsonSchema>
  const names = account.name && account.name !== account.username ? `${account.name} / ${account.username}` : account.username
  return (
    <Space size={8} className="relation-tree-account" data-account={account.username}>
      <Typography.Text mark={match} strong={match}>{names}</Typography.Text>
      <Tag color={ROLE_COLORS[account.user_type]} bordered={false} style={{ marginInlineEnd: 0 }}>
        {enumValueLabel(properties.user_type, account.user_type, locale)}
      </Tag>
      {account.status === 0 ? <Tag style={{ marginInlineEnd: 0 }}>{enumValueLabel(properties.status, 0, locale)}</Tag> : null}
      {account.mobile ? (
        <Typography.Text type="secondary">
          <MobileOutlined /> {account.mobile}
        </Typography.Text>
      ) : null}
      {account.child_count > 0 ? <Typography.Text type="secondary">{t('tree.below', { count: account.child_count })}</Typography.Text> : null}
    </Space>
  )
}
