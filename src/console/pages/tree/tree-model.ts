import type { ProviderServiceTreeChildrenResponse, ProviderServiceTreeSearchResponse } from '../../../generated/types'

/** One account of the relation tree, as tree_children sends it. */
export type AccountNode = ProviderServiceTreeChildrenResponse['list'][number]
export type ChildrenPage = ProviderServiceTreeChildrenResponse
export type SearchResult = ProviderServiceTreeSearchResponse

/** The key of the caller's roots among the loaded branches. */
export const ROOT = 'root'

/** The children of one node loaded so far, in the server's order. */
export interface Branch {
  ids: number[]
  total: number
  more: boolean
}

/** What has been loaded: every account seen, and the branches fetched, by parent key (ROOT or the id). */
export interface TreeState {
  nodes: ReadonlyMap<number, AccountNode>
  branches: ReadonlyMap<string, Branch>
}

export const EMPTY_TREE: TreeState = { nodes: new Map(), branches: new Map() }

/** A row of the tree: an account, or the "load more" row closing a branch that has more. */
export type TreeRowView =
  | { kind: 'account'; key: string; account: AccountNode; match: boolean; isLeaf: boolean; children?: TreeRowView[] }
  | { kind: 'more'; key: string; parentKey: string; left: number; isLeaf: true }

export function keyOf(id: number): string {
  return String(id)
}

/** A page of children added to the state: the first page replaces the branch, a later one (after_id) extends it. */
export function withPage(state: TreeState, parentKey: string, page: ChildrenPage, append = false): TreeState {
  const nodes = new Map(state.nodes)
  for (const node of page.list) nodes.set(node.id, node)
  const before = append ? (state.branches.get(parentKey)?.ids ?? []) : []
  const seen = new Set(before)
  const branches = new Map(state.branches)
  branches.set(parentKey, { ids: [...before, ...page.list.map((n) => n.id).filter((id) => !seen.has(id))], total: page.total, more: page.more })
  return { nodes, branches }
}

/** Accounts a search answered, remembered so that opening them later shows what they are. */
export function withSearchNodes(state: TreeState, found: SearchResult): TreeState {
  const nodes = new Map(state.nodes)
  for (const node of [...found.ancestors, ...found.list]) {
    const { ancestor_ids: _ancestors, ...account } = node as AccountNode & { ancestor_ids?: number[] }
    nodes.set(account.id, account)
  }
  return { ...state, nodes }
}

/** The id after which the next page of a branch starts. */
export function lastIdOf(state: TreeState, parentKey: string): number {
  return state.branches.get(parentKey)?.ids.at(-1) ?? 0
}

/** The whole tree as loaded: the roots, and under each node its loaded children (undefined until loaded, so the tree asks for them). */
export function browseRows(state: TreeState): TreeRowView[] {
  return branchRows(state, ROOT, new Set()) ?? []
}

function branchRows(state: TreeState, parentKey: string, matches: ReadonlySet<number>): TreeRowView[] | undefined {
  const branch = state.branches.get(parentKey)
  if (!branch) return undefined
  const rows: TreeRowView[] = branch.ids.flatMap((id) => {
    const account = state.nodes.get(id)
    return account ? [accountRow(state, account, matches)] : []
  })
  if (branch.more) rows.push({ kind: 'more', key: `more:${parentKey}`, parentKey, left: Math.max(0, branch.total - branch.ids.length), isLeaf: true })
  return rows
}

function accountRow(state: TreeState, account: AccountNode, matches: ReadonlySet<number>): TreeRowView {
  return {
    kind: 'account',
    key: keyOf(account.id),
    account,
    match: matches.has(account.id),
    isLeaf: account.child_count === 0,
    children: branchRows(state, keyOf(account.id), matches),
  }
}

/**
 * The search's answer as a tree: only the ways down from the caller's roots to the matches,
 * with every node on them open, so each match is in sight however large the branches it
 * sits in are. A match's own children load when it is opened, as in the whole tree.
 */
export function searchRows(state: TreeState, found: SearchResult): { rows: TreeRowView[]; expandedKeys: string[] } {
  const accounts = new Map<number, AccountNode>()
  for (const node of [...found.ancestors, ...found.list]) accounts.set(node.id, state.nodes.get(node.id) ?? node)
  const below = new Map<number, number[]>()
  const roots: number[] = []
  const add = (list: number[], id: number) => {
    if (!list.includes(id)) list.push(id)
  }
  for (const match of found.list) {
    const way = [...match.ancestor_ids, match.id].filter((id) => accounts.has(id))
    add(roots, way[0]!)
    for (let i = 1; i < way.length; i++) {
      const parent = way[i - 1]!
      below.set(parent, below.get(parent) ?? [])
      add(below.get(parent)!, way[i]!)
    }
  }
  const matches = new Set(found.list.map((m) => m.id))
  const rowOf = (id: number): TreeRowView => {
    const account = accounts.get(id)!
    const way = below.get(id)
    if (!way) return accountRow(state, account, matches)
    return { kind: 'account', key: keyOf(id), account, match: matches.has(id), isLeaf: false, children: [...way].sort((a, b) => a - b).map(rowOf) }
  }
  return { rows: roots.sort((a, b) => a - b).map(rowOf), expandedKeys: [...below.keys()].map(keyOf) }
}
