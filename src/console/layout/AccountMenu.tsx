import { Avatar, Button, Dropdown, Space, theme } from 'antd'
import { UserOutlined } from '@ant-design/icons'
import { useGo, useLogout } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import type { Identity } from '../providers/authProvider'

/**
 * The signed-in account in the header, opening the user pages and sign-out. Its name is the
 * words it shows, and the username where a display name hides it; a compact header shows the
 * avatar alone and keeps the words for screen readers.
 */
export function AccountMenu({ identity, compact }: { identity: Identity; compact: boolean }) {
  const t = useTranslate()
  const { token } = theme.useToken()
  const { mutate: logout } = useLogout()
  const go = useGo()
  const shown = identity.name || identity.username
  return (
    <Dropdown
      menu={{
        items: [
          { key: 'info', label: t('user.info'), onClick: () => go({ to: '/user/info' }) },
          { key: 'setting', label: t('user.setting'), onClick: () => go({ to: '/user/setting' }) },
          { type: 'divider' },
          { key: 'logout', label: t('user.logout'), onClick: () => logout() },
        ],
      }}
      trigger={['click']}
    >
      <Button type="text" style={{ height: 40, paddingInline: compact ? 4 : undefined }}>
        <Space>
          <Avatar size="small" src={identity.avatar || undefined} icon={<UserOutlined />} />
          <span className={compact ? 'visually-hidden' : undefined}>
            <span style={{ fontWeight: 600 }}>{shown}</span>{' '}
            <span style={{ marginLeft: 4, color: token.colorTextDescription }}>{t(`user.role.${identity.role}`)}</span>
            {shown === identity.username ? null : <span className="visually-hidden"> ({identity.username})</span>}
          </span>
        </Space>
      </Button>
    </Dropdown>
  )
}
