import { Avatar, Button, Dropdown, Layout, Space, Switch, Tooltip, theme } from 'antd'
import { MoonOutlined, SettingOutlined, SunOutlined, UserOutlined } from '@ant-design/icons'
import { useGetIdentity, useGo, useLogout, useTranslate } from '@refinedev/core'
import type { Identity } from '../providers/authProvider'
import { useThemeMode } from '../theme/ThemeMode'
import { LocaleSwitch } from './LocaleSwitch'
import { useAppSettings } from './AppSettings'
import { TopMenu } from './ConsoleSider'
import { ConsoleTitle } from './ConsoleTitle'
import { OverstepTag } from './OverstepTag'

/** The header: the menu when it is on top, language, light/dark, settings, and the signed-in account. */
export function ConsoleHeader() {
  const t = useTranslate()
  const { token } = theme.useToken()
  const { mode, toggle } = useThemeMode()
  const { data: identity } = useGetIdentity<Identity>()
  const { mutate: logout } = useLogout()
  const go = useGo()
  const { settings, setDrawerOpen } = useAppSettings()
  const onTop = settings.topMenu && settings.menu
  return (
    <Layout.Header
      style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}`, display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 24, padding: '0 24px', height: 64, position: 'sticky', top: 0, zIndex: 10 }}
    >
      {onTop && (
        <>
          <ConsoleTitle />
          <TopMenu />
        </>
      )}
      <Space size="middle">
        {identity?.overstep && <OverstepTag opening={identity.overstep} />}
        <LocaleSwitch />
        <Tooltip title={t('theme.toggle')}>
          <Switch
            aria-label={t('theme.toggle')}
            checked={mode === 'dark'}
            onChange={toggle}
            checkedChildren={<MoonOutlined />}
            unCheckedChildren={<SunOutlined />}
          />
        </Tooltip>
        <Tooltip title={t('settings.title')}>
          <Button type="text" icon={<SettingOutlined />} aria-label={t('settings.title')} onClick={() => setDrawerOpen(true)} />
        </Tooltip>
        {identity && (
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
            <Button type="text" aria-label={identity.username} style={{ height: 40 }}>
              <Space>
                <Avatar size="small" src={identity.avatar || undefined} icon={<UserOutlined />} />
                <span>
                  <span style={{ fontWeight: 600 }}>{identity.name || identity.username}</span>
                  <span style={{ marginLeft: 8, color: token.colorTextDescription }}>{t(`user.role.${identity.role}`)}</span>
                </span>
              </Space>
            </Button>
          </Dropdown>
        )}
      </Space>
    </Layout.Header>
  )
}
