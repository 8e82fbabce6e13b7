import { theme } from 'antd'
import { Link } from 'react-router'
import { useConsole } from '../ConsoleContext'
import './console-title.css'

/**
 * The site's logo and name from its branding. The letter standing in for a missing logo is
 * decoration: read out, it made the link's name differ from the words it shows. A long name
 * takes two lines, then is cut, whole in its title (console-title.css).
 */
export function ConsoleTitle({ collapsed }: { collapsed?: boolean }) {
  const { branding } = useConsole()
  const { token } = theme.useToken()
  const name = branding?.name ?? ''
  return (
    <Link to="/" className="console-title" aria-label={collapsed ? name : undefined}>
      {branding?.logo ? (
        <img src={branding.logo} alt="" style={{ width: 28, height: 28, objectFit: 'contain' }} />
      ) : (
        <span aria-hidden style={{ width: 28, height: 28, borderRadius: 6, background: '#165DFF', color: '#fff', display: 'grid', placeItems: 'center', fontWeight: 600, lineHeight: 1, flex: 'none' }}>
          {name.slice(0, 1) || 'C'}
        </span>
      )}
      {!collapsed && (
        // CSS line clamp: antd's measured ellipsis forces a layout of the whole page as it first renders.
        <span title={name} className="console-title-name" style={{ color: token.colorText }}>
          {name}
        </span>
      )}
    </Link>
  )
}
