import { Avatar, Card, Space, Typography } from 'antd'
import { UserOutlined } from '@ant-design/icons'
import { useGetIdentity } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import type { Identity } from '../providers/authProvider'
import { useConsole, useLabel } from '../ConsoleContext'
import { fieldOf, recordFields } from '../resources/fields'
import { DetailList } from '../resources/DetailList'
import { FieldValue } from '../resources/FieldValue'
import { PageHeading } from '../layout/PageHeading'
import { useRouteTitle } from '../layout/useRouteTitle'
import { useLocation } from 'react-router'

/** /user/info: the signed-in account's profile, the fields its route names in navigation.json (else every labelled field). */
export default function UserInfoPage() {
  const t = useTranslate()
  const label = useLabel()
  const { registry } = useConsole()
  const { data: identity } = useGetIdentity<Identity>()
  const title = useRouteTitle()
  const { pathname } = useLocation()
  if (!identity) return null
  const profile = identity as unknown as Record<string, unknown>
  const accounts = registry.entities.get('user')!
  const named = registry.navigation.groups.flatMap((g) => g.children.map((c) => ({ route: `${g.path}/${c.path}`, fields: c.fields }))).find((c) => c.route === pathname)?.fields
  const fields = (named ? named.map((name) => fieldOf(registry, accounts, name)) : recordFields(registry, accounts).filter((f) => f.label)).filter((f) => f.name in profile)
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <PageHeading title={title} />
      <Card>
        <Space size="large">
          <Avatar size={64} src={identity.avatar || undefined} icon={<UserOutlined />} />
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {identity.name || identity.username}
            </Typography.Title>
            <Typography.Text type="secondary">{t(`user.role.${identity.role}`)}</Typography.Text>
          </div>
        </Space>
      </Card>
      <Card title={t('user.info.title')}>
        <DetailList
          // As many columns as dates and names fit: at 768 px two made the page scroll sideways. Every
          // size is named, as antd puts three at any size left out.
          column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 3, xxl: 3 }}
          items={fields.map((f) => ({ key: f.name, label: label(f.label, f.name), children: <FieldValue field={f} value={profile[f.name]} record={profile} layout="detail" /> }))}
        />
      </Card>
    </Space>
  )
}
