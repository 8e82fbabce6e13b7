import { describe, expect, it } from 'vitest'
import { EMPTY_TREE, ROOT, browseRows, lastIdOf, searchRows, withPage, withSearchNodes, type AccountNode, type SearchResult, type TreeRowView } from './tree-model'

const account = (id: number, parent_id: number | null, child_count = 0): AccountNode => ({
  id, username: `u${id}`, name: `User ${id}`, mobile: '', user_type: parent_id === null ? 0 : 1, status: 1, parent_id, child_count,
})
const page = (list: AccountNode[], total = list.length, more = false) => ({ list, total, more })

/** The rows as an outline: key, then its children (or '?' where they are not loaded yet). */
function outline(rows: TreeRowView[] | undefined): unknown {
  if (!rows) return '?'
  return rows.map((r) => (r.kind === 'more' ? `${r.key} (${r.left} left)` : r.isLeaf ? (r.match ? `${r.key}*` : r.key) : { [r.match ? `${r.key}*` : r.key]: outline(r.children) }))
}

describe('the relation tree as loaded', () => {
  it('shows the roots, leaves as leaves, and an unopened node with children as still to load', () => {
    const state = withPage(EMPTY_TREE, ROOT, page([account(1, null, 2), account(9, null)]))
    expect(outline(browseRows(state))).toEqual([{ 1: '?' }, '9'])
  })

  it('closes a branch that has more with a load-more row, and a later page extends it', () => {
    let state = withPage(EMPTY_TREE, ROOT, page([account(1, null, 5)]))
    state = withPage(state, '1', page([account(2, 1), account(3, 1, 4)], 5, true))
    expect(outline(browseRows(state))).toEqual([{ 1: ['2', { 3: '?' }, 'more:1 (3 left)'] }])
    expect(lastIdOf(state, '1')).toBe(3)
    state = withPage(state, '1', page([account(4, 1), account(5, 1), account(6, 1)], 5, false), true)
    expect(outline(browseRows(state))).toEqual([{ 1: ['2', { 3: '?' }, '4', '5', '6'] }])
    // Loading the first page again starts the branch over.
    state = withPage(state, '1', page([account(2, 1)], 5, true))
    expect(outline(browseRows(state))).toEqual([{ 1: ['2', 'more:1 (4 left)'] }])
  })
})

describe('the relation tree of a search', () => {
  const found: SearchResult = {
    list: [
      { ...account(30, 12), ancestor_ids: [1, 5, 12] },
      { ...account(7, 5, 3), ancestor_ids: [1, 5] },
      { ...account(40, 6), ancestor_ids: [1, 6] },
    ],
    ancestors: [account(1, null, 2), account(5, 1, 2), account(12, 5, 1), account(6, 1, 1)],
    more: false,
  }

  it('shows only the ways down to the matches, every node on them open, the matches marked', () => {
    const { rows, expandedKeys } = searchRows(withSearchNodes(EMPTY_TREE, found), found)
    expect(outline(rows)).toEqual([{ 1: [{ 5: [{ '7*': '?' }, { 12: ['30*'] }] }, { 6: ['40*'] }] }])
    expect(expandedKeys.sort()).toEqual(['1', '12', '5', '6'])
  })

  it("shows a match's own children once they are loaded", () => {
    const state = withPage(withSearchNodes(EMPTY_TREE, found), '7', page([account(70, 7), account(71, 7)], 3, true))
    expect(outline(searchRows(state, found).rows)).toEqual([{ 1: [{ 5: [{ '7*': ['70', '71', 'more:7 (1 left)'] }, { 12: ['30*'] }] }, { 6: ['40*'] }] }])
  })

  it('shows a match that is a root on its own', () => {
    const root: SearchResult = { list: [{ ...account(1, null, 2), ancestor_ids: [] }], ancestors: [], more: false }
    expect(outline(searchRows(EMPTY_TREE, root).rows)).toEqual([{ '1*': '?' }])
  })
})
