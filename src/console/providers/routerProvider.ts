import { useCallback, useContext } from 'react'
import { matchPath, useLocation, useParams } from 'react-router'
import qs from 'qs'
import { matchResourceFromRoute, QS_PARSE_DEPTH, ResourceContext, type ParseFunction, type ParseResponse, type RouterProvider } from '@refinedev/core'
import bindings from '@refinedev/react-router'

type ResourceMatch = ReturnType<typeof matchResourceFromRoute> & { routeParams: Record<string, string | undefined> }

// By the resources' list (one per console start and locale), then by path. A long session opens
// many records' addresses: past MATCHES_KEPT paths, the list starts again.
const matches = new WeakMap<object, Map<string, ResourceMatch>>()
const MATCHES_KEPT = 200

/**
 * refine's react-router bindings, with `parse` working out each address once. Every refine hook
 * a component calls parses the address anew (a list row's buttons call several, each three
 * times), and each parse matched the path against every resource's routes and compiled a route
 * pattern again: a tenth of a list's first render on a phone's CPU. What the answer holds is
 * the same as the bindings' own (providers/routerProvider.spec.tsx compares them).
 */
export const routerProvider: RouterProvider = { ...bindings, parse: useCachedParse }

function useCachedParse(): ParseFunction {
  const routeParams = useParams()
  const { pathname, search } = useLocation()
  const { resources } = useContext(ResourceContext)
  const match = matchOf(pathname, resources)
  // Outside a route of its own (a resource's page under a catch-all), the params come from the matched resource route.
  const params = Object.keys(routeParams).length === 0 && match.matchedRoute ? match.routeParams : routeParams
  const { resource, action } = match
  return useCallback(() => parsed(pathname, search, params, resource, action), [pathname, search, params, resource, action])
}

function matchOf(pathname: string, resources: Parameters<typeof matchResourceFromRoute>[1]): ResourceMatch {
  let byPath = matches.get(resources)
  if (!byPath) matches.set(resources, (byPath = new Map()))
  let match = byPath.get(pathname)
  if (!match) {
    if (byPath.size >= MATCHES_KEPT) byPath.clear()
    const found = matchResourceFromRoute(pathname, resources)
    match = { ...found, routeParams: (found.matchedRoute ? matchPath(found.matchedRoute, pathname)?.params : undefined) ?? {} }
    byPath.set(pathname, match)
  }
  return match
}

/** The bindings' answer for an address: new objects each time, down to the query's, as callers may keep or change theirs. */
function parsed(pathname: string, search: string, params: Record<string, string | undefined>, resource: ParseResponse['resource'], action: ParseResponse['action']): ParseResponse {
  const combined: Record<string, unknown> = { ...params, ...qs.parse(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH }) }
  return {
    ...(resource && { resource }),
    ...(action && { action }),
    ...(params.id && { id: decodeURIComponent(params.id) }),
    pathname,
    // refine types the page and its size as numbers; as in its bindings, a value that is not one passes as it came.
    params: {
      ...combined,
      currentPage: numberIfWhole(combined.currentPage),
      pageSize: numberIfWhole(combined.pageSize),
      to: combined.to ? decodeURIComponent(combined.to as string) : undefined,
    } as ParseResponse['params'],
  }
}

/** A value that reads back the same as a number, as that number (the bindings' convertToNumberIfPossible). */
function numberIfWhole(value: unknown): unknown {
  if (value === undefined) return value
  const number = Number(value)
  return `${number}` === value ? number : value
}
