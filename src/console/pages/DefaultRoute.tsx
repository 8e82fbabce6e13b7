import { Navigate } from 'react-router'
import { useGetIdentity } from '@refinedev/core'
import type { Identity } from '../providers/authProvider'
import { defaultRouteFor } from '../../schema/route-access'
import { useConsole } from '../ConsoleContext'

export const NOT_FOUND_PATH = '/notFound'

/** `/` and a signed-in visit to the login page: the default route if the role may open it, else its first permitted route. */
export function DefaultRoute() {
  const { registry } = useConsole()
  const { data: identity, isLoading } = useGetIdentity<Identity>()
  if (isLoading || !identity) return null
  return <Navigate to={defaultRouteFor(registry, identity.role) ?? NOT_FOUND_PATH} replace />
}
