import { AppstoreOutlined, DashboardOutlined, FileTextOutlined, GlobalOutlined, HomeOutlined, RobotOutlined, ShareAltOutlined, ScissorOutlined, SettingOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons'
import type { ReactNode } from 'react'

/** Icons a navigation group may name in its "icon". */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  'file-text': <FileTextOutlined />,
  global: <GlobalOutlined />,
  home: <HomeOutlined />,
  robot: <RobotOutlined />,
  scissor: <ScissorOutlined />,
  'share-alt': <ShareAltOutlined />,
  setting: <SettingOutlined />,
  team: <TeamOutlined />,
  user: <UserOutlined />,
}

export function iconOf(name: string | undefined): ReactNode {
  return (name && ICONS[name]) || <AppstoreOutlined />
}
