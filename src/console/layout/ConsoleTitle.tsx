import { theme } from 'antd'
import { Link } from 'react-router'
import { useConsole } from '../ConsoleContext'

/** The site's logo and name from its branding. */
export function ConsoleTitle({ collapsed }: { collapsed?: boolean }) {
  const { branding } = useConsole()
  const { token } = theme.useToken()
  const name = branding?.name ?? ''
  return (
    <Link to="/" style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }} aria-label={name}>
      {branding?.logo ? (
        <img src={branding.logo} alt="" style={{ width: 28, height: 28, objectFit: 'contain' }} />
      ) : (
        <span style={{ width: 28, height: 28, borderRadius: 6, background: '#165DFF', color: '#fff', display: 'grid', placeItems: 'center', fontWeight: 600, flex: 'none' }}>
          {name.slice(0, 1) || 'C'}
        </span>
      )}
      {!collapsed && (
        // CSS ellipsis: antd's measured one forces a layout of the whole page as it first renders.
        <span title={name} style={{ color: token.colorText, fontSize: 16, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </span>
      )}
    </Link>
  )
}
