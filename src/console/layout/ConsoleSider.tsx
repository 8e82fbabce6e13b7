import { useMemo } from 'react'
import { Layout, Menu, theme } from 'antd'
import { useGetIdentity } from '@refinedev/core'
import { useThemedLayoutContext } from '@refinedev/antd'
import { Link, useLocation } from 'react-router'
import type { Identity } from '../providers/authProvider'
import { consoleRoutes, groupAllows, groupInMenu, routeAllows } from '../../schema/route-access'
import { useConsole, useLabel } from '../ConsoleContext'
import { ConsoleTitle } from './ConsoleTitle'
import { iconOf } from './icons'

export const MENU_WIDTH = 220

/**
 * The menu, built from navigation.json and the resource files: groups in their order,
 * each showing only the routes the signed-in role may open. Groups meant only for
 * `developer` never show (DESIGN §4).
 */
export function ConsoleSider() {
  // ThemedLayout calls its Sider as a plain function to see whether it renders anything,
  // so the hooks live in a child component rather than here.
  return <SiderMenu />
}

function SiderMenu() {
  const { registry } = useConsole()
  const label = useLabel()
  const { data: identity } = useGetIdentity<Identity>()
  const { siderCollapsed, setSiderCollapsed } = useThemedLayoutContext()
  const { pathname } = useLocation()
  const { token } = theme.useToken()

  const items = useMemo(() => {
    if (!identity) return []
    const routes = consoleRoutes(registry).filter((r) => !r.hideInMenu && routeAllows(r.roles, identity.role) && groupAllows(registry.navigation, r.group, identity.role))
    return registry.navigation.groups
      .filter((g) => groupInMenu(registry.navigation, g.name))
      .map((group) => {
        const children = routes.filter((r) => r.group === group.name)
        if (children.length === 0) return undefined
        return {
          key: group.path,
          icon: iconOf(group.icon),
          label: label(group.label, group.name),
          children: children.map((r) => {
            const def = r.resource ? registry.resources.get(r.resource) : undefined
            const child = registry.navigation.groups.flatMap((g) => g.children).find((c) => `${group.path}/${c.path}` === r.path)
            return { key: r.path, label: <Link to={r.path}>{label(def?.label ?? child?.label, r.name)}</Link> }
          }),
        }
      })
      .filter((item) => item !== undefined)
  }, [registry, identity, label])

  const selected = items.flatMap((g) => g.children).find((c) => pathname === c.key || pathname.startsWith(`${c.key}/`))?.key
  const open = items.filter((g) => g.children.some((c) => c.key === selected)).map((g) => g.key)

  return (
    <Layout.Sider
      width={MENU_WIDTH}
      collapsible
      collapsed={siderCollapsed}
      onCollapse={setSiderCollapsed}
      theme="light"
      style={{ borderRight: `1px solid ${token.colorBorderSecondary}`, background: token.colorBgContainer }}
    >
      <div style={{ height: 64, display: 'flex', alignItems: 'center', padding: '0 20px' }}>
        <ConsoleTitle collapsed={siderCollapsed} />
      </div>
      <Menu mode="inline" items={items} selectedKeys={selected ? [selected] : []} defaultOpenKeys={open} key={open.join()} style={{ border: 'none' }} />
    </Layout.Sider>
  )
}
