import { useMemo } from 'react'
import { Layout, Menu, theme, type MenuProps } from 'antd'
import { useGetIdentity } from '@refinedev/core'
import { Link, useLocation } from 'react-router'
import type { Identity } from '../providers/authProvider'
import { menuFor, menuSelection } from '../../schema/route-access'
import { useAppSettings } from './AppSettings'
import { useConsole, useLabel } from '../ConsoleContext'
import { ConsoleTitle } from './ConsoleTitle'
import { iconOf } from './icons'
import { useListPrefetch } from '../resources/useListPrefetch'
import './console-sider.css'

type MenuItem = Required<MenuProps>['items'][number]

/**
 * The menu, built from navigation.json and the resource files: groups in their order,
 * each showing only the routes the signed-in role may open. Groups meant only for
 * `developer` never show (DESIGN §4).
 */
export function useMenuItems() {
  const { registry } = useConsole()
  const label = useLabel()
  const { data: identity } = useGetIdentity<Identity>()
  const { pathname } = useLocation()
  const { settings, serverMenu } = useAppSettings()
  // A list's rows are asked for as its entry is clicked, while its page renders.
  const prefetch = useListPrefetch()

  // Spec §4: the menu the server sent, or one from the role lists; the same shape either way.
  const menu = useMemo(() => (identity ? (settings.menuFromServer ? (serverMenu ?? []) : menuFor(registry, identity.role)) : []), [registry, identity, settings.menuFromServer, serverMenu])
  const items = useMemo(
    () =>
      menu.flatMap((group): MenuItem[] => {
        const shown = group.children.filter((c) => !c.hideInMenu)
        if (shown.length === 0) return []
        // A group that hides its routes is one entry, selected whenever one of its routes is.
        if (group.hideChildrenInMenu) return [{ key: shown[0]!.path, icon: iconOf(group.icon), label: <Link to={shown[0]!.path} onClick={() => prefetch(shown[0]!.path)}>{label(group.label, group.name)}</Link> }]
        return [{ key: group.path, icon: iconOf(group.icon), label: label(group.label, group.name), children: shown.map((c) => ({ key: c.path, label: <Link to={c.path} onClick={() => prefetch(c.path)}>{label(c.label, c.name)}</Link> })) }]
      }),
    [menu, label, prefetch],
  )
  // A page hidden from the menu highlights the entry it belongs under (its activeMenu), in its open group.
  const { selected, open } = menuSelection(menu, pathname)
  return { items, selected, open }
}

/**
 * The menu on the left, as wide as the settings say, collapsible. It stays in the window while a
 * long page scrolls (console-sider.css), scrolling on its own when it is taller than the window.
 */
export function ConsoleSider() {
  const { items, selected, open } = useMenuItems()
  const { settings, update } = useAppSettings()
  const { token } = theme.useToken()
  return (
    <Layout.Sider
      width={settings.menuWidth}
      collapsible
      collapsed={settings.menuCollapse}
      onCollapse={(collapsed) => update({ menuCollapse: collapsed })}
      theme="light"
      className="console-sider"
      style={{ borderRight: `1px solid ${token.colorBorderSecondary}`, background: token.colorBgContainer }}
    >
      <div style={{ height: 64, display: 'flex', alignItems: 'center', padding: '0 20px' }}>
        <ConsoleTitle collapsed={settings.menuCollapse} />
      </div>
      <Menu mode="inline" items={items} selectedKeys={selected ? [selected] : []} defaultOpenKeys={open} key={open.join()} style={{ border: 'none' }} />
    </Layout.Sider>
  )
}

/** The same menu across the header, for the topMenu setting. */
export function TopMenu() {
  const { items, selected } = useMenuItems()
  return <Menu mode="horizontal" items={items} selectedKeys={selected ? [selected] : []} style={{ flex: 1, minWidth: 0, border: 'none', background: 'transparent' }} />
}
