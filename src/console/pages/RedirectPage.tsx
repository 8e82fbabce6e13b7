import { Navigate, useLocation, useParams } from 'react-router'

/**
 * `/redirect/<path>`: straight back to `<path>`, which mounts that page afresh. The tab
 * bar's refresh goes through here; the tab bar never lists this route itself.
 */
export default function RedirectPage() {
  const { '*': rest = '' } = useParams()
  const { search } = useLocation()
  return <Navigate to={`/${decodeURIComponent(rest)}${search}`} replace />
}
