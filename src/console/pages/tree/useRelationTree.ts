import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { createApiClient } from '../../../generated/client'
import { useConsole } from '../../ConsoleContext'
import { EMPTY_TREE, ROOT, keyOf, lastIdOf, withPage, withSearchNodes, type SearchResult, type TreeState } from './tree-model'

/** Children asked for at once: a screenful or two; the rest come with "load more". */
export const PAGE_SIZE = 100
export const SEARCH_LIMIT = 50

/**
 * The relation tree's data: the caller's roots on mount (and the only root opened, when
 * there is one), a branch when a node is opened, the next page of a branch on "load more",
 * and the accounts a search found.
 */
export function useRelationTree() {
  const { http } = useConsole()
  const api = useMemo(() => createApiClient((request) => http.request(request)), [http])
  const [state, setState] = useState<TreeState>(EMPTY_TREE)
  const [rootsLoaded, setRootsLoaded] = useState(false)
  const [expandedKeys, setExpandedKeys] = useState<string[]>([])
  // The latest state for callbacks the tree holds on to between renders.
  const current = useRef(state)
  current.current = state

  const loadBranch = useCallback(
    async (parentKey: string, append = false) => {
      const parentId = parentKey === ROOT ? undefined : Number(parentKey)
      const page = await api.providerServiceTreeChildren({
        ...(parentId === undefined ? {} : { parent_id: parentId }),
        ...(append ? { after_id: lastIdOf(current.current, parentKey) } : {}),
        limit: PAGE_SIZE,
      })
      setState((s) => (current.current = withPage(s, parentKey, page, append)))
      return page
    },
    [api],
  )

  useEffect(() => {
    let cancelled = false
    loadBranch(ROOT)
      .then(async (roots) => {
        const only = roots.list.length === 1 ? roots.list[0]! : undefined
        if (only && only.child_count > 0 && !cancelled) {
          await loadBranch(keyOf(only.id))
          if (!cancelled) setExpandedKeys([keyOf(only.id)])
        }
      })
      // The failure is already on screen (the HTTP client reports every failed call); an empty tree remains.
      .catch(() => undefined)
      .finally(() => !cancelled && setRootsLoaded(true))
    return () => {
      cancelled = true
    }
  }, [loadBranch])

  const rememberSearch = useCallback((found: SearchResult) => setState((s) => (current.current = withSearchNodes(s, found))), [])
  const search = useCallback((keyword: string) => api.providerServiceTreeSearch({ keyword, limit: SEARCH_LIMIT }), [api])

  return { state, rootsLoaded, expandedKeys, setExpandedKeys, loadBranch, search, rememberSearch }
}
