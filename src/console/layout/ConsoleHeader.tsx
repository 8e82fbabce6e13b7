import { Button, Layout, Space, Switch, Tooltip, theme } from 'antd'
import { MenuOutlined, MoonOutlined, SettingOutlined, SunOutlined } from '@ant-design/icons'
import { useGetIdentity } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import type { Identity } from '../providers/authProvider'
import { useThemeMode } from '../theme/ThemeMode'
import { LocaleSwitch } from './LocaleSwitch'
import { useAppSettings } from './AppSettings'
import { TopMenu } from './ConsoleSider'
import { ConsoleTitle } from './ConsoleTitle'
import { OverstepTag } from './OverstepTag'
import { AccountMenu } from './AccountMenu'
import { HeaderMoreMenu } from './HeaderMoreMenu'
import { useCompactLayout } from './useScreen'

/** The header's height: it stays at the top of the window, and what else stays in sight sits below it. */
export const HEADER_HEIGHT = 64

/**
 * The header: the menu when it is on top, language, light/dark, settings, and the signed-in
 * account. On a phone (useCompactLayout): a button opening the menu drawer when there is a
 * menu, the logo alone, language, mode and settings under one button, and the account's avatar.
 */
export function ConsoleHeader({ onOpenMenu }: { onOpenMenu?: () => void }) {
  const t = useTranslate()
  const { token } = theme.useToken()
  const { mode, toggle } = useThemeMode()
  const { data: identity } = useGetIdentity<Identity>()
  const { settings, setDrawerOpen } = useAppSettings()
  const compact = useCompactLayout()
  const onTop = settings.topMenu && settings.menu && !compact
  return (
    <Layout.Header
      style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}`, display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: compact ? 8 : 24, padding: compact ? '0 8px' : '0 24px', height: HEADER_HEIGHT, position: 'sticky', top: 0, zIndex: 10 }}
    >
      {compact && (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginRight: 'auto', minWidth: 0 }}>
          {onOpenMenu && <Button type="text" icon={<MenuOutlined />} aria-label={t('menu.open')} onClick={onOpenMenu} />}
          <ConsoleTitle collapsed />
        </div>
      )}
      {onTop && (
        <>
          <ConsoleTitle />
          <TopMenu />
        </>
      )}
      {compact ? (
        <Space size={4}>
          {identity?.overstep && <OverstepTag opening={identity.overstep} />}
          <HeaderMoreMenu />
          {identity && <AccountMenu identity={identity} compact />}
        </Space>
      ) : (
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
          {identity && <AccountMenu identity={identity} compact={false} />}
        </Space>
      )}
    </Layout.Header>
  )
}
