import { Button, Dropdown, Tabs, theme } from 'antd'
import { DownOutlined, HomeOutlined, ReloadOutlined } from '@ant-design/icons'
import { useTranslate } from '../../i18n/translate'
import { useNavigate } from 'react-router'
import { useLabel } from '../../ConsoleContext'
import { useTabs } from './TabsContext'

/** Spec §2's tab bar: a tab per visited route after the home tab; close, refresh, and reset to home only. */
export function TabBar() {
  const t = useTranslate()
  const label = useLabel()
  const navigate = useNavigate()
  const { token } = theme.useToken()
  const { tabs, activeKey, homeKey, close, refresh, reset } = useTabs()
  if (tabs.length === 0) return null
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '6px 24px 0', background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey ?? ''}
        onChange={(key) => navigate(tabs.find((tab) => tab.key === key)!.fullPath)}
        onEdit={(key, action) => action === 'remove' && close(String(key))}
        items={tabs.map((tab) => ({ key: tab.key, label: label(tab.title, tab.name), closable: tab.key !== homeKey }))}
        style={{ flex: 1, minWidth: 0, marginBottom: -1 }}
        tabBarStyle={{ margin: 0 }}
      />
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'refresh', icon: <ReloadOutlined />, label: t('tabs.refresh'), disabled: !activeKey, onClick: () => activeKey && refresh(activeKey) },
            { key: 'reset', icon: <HomeOutlined />, label: t('tabs.reset'), onClick: reset },
          ],
        }}
      >
        <Button size="small" icon={<DownOutlined />} aria-label={t('tabs.actions')} />
      </Dropdown>
    </div>
  )
}
