import { useEffect, useMemo, useState } from 'react'
import { Button, Card, Empty, Input, Spin, Tree, Typography } from 'antd'
import type { DataNode } from 'antd/es/tree'
import { SearchOutlined } from '@ant-design/icons'
import { useTranslate } from '../../i18n/translate'
import { useQuery } from '@tanstack/react-query'
import { AccountTitle } from './AccountTitle'
import { browseRows, searchRows, type SearchResult, type TreeRowView } from './tree-model'
import { SEARCH_LIMIT, useRelationTree } from './useRelationTree'
import { useDebounced } from './useDebounced'
import { useTreeHeight } from './useTreeHeight'
import { PageHeading } from '../../layout/PageHeading'
import { useRouteTitle } from '../../layout/useRouteTitle'

/**
 * /promotion/tree: the promotion hierarchy as a tree. An admin sees every account, a
 * partner its own subtree. Branches load when opened and a page at a time, and only the
 * rows in sight are drawn, so a partner with tens of thousands of merchants opens as fast
 * as one with three. A search shows just the ways down to what it found.
 */
export default function RelationTreePage() {
  const t = useTranslate()
  const tree = useRelationTree()
  const [typed, setTyped] = useState('')
  const keyword = useDebounced(typed.trim(), 300)
  const [loadingMore, setLoadingMore] = useState<ReadonlySet<string>>(new Set())
  const [height, measure] = useTreeHeight()
  const title = useRouteTitle()

  const found = useQuery({ queryKey: ['relation-tree-search', keyword], queryFn: () => tree.search(keyword), enabled: keyword !== '', staleTime: 10_000 })
  const { rememberSearch } = tree
  useEffect(() => {
    if (found.data) rememberSearch(found.data)
  }, [found.data, rememberSearch])

  const searching = keyword !== ''
  const searched = useMemo(() => (searching && found.data ? searchRows(tree.state, found.data) : undefined), [searching, found.data, tree.state])
  // Each answer opens its ways down; what the person opens or closes after that holds until the next answer.
  const [opened, setOpened] = useState<{ answer: SearchResult; keys: string[] }>()
  const searchExpanded = opened && opened.answer === found.data ? opened.keys : (searched?.expandedKeys ?? [])

  const loadMore = (parentKey: string) => {
    setLoadingMore((keys) => new Set(keys).add(parentKey))
    tree
      .loadBranch(parentKey, true)
      .catch(() => undefined)
      .finally(() => setLoadingMore((keys) => new Set([...keys].filter((k) => k !== parentKey))))
  }
  const toData = (row: TreeRowView): DataNode =>
    row.kind === 'more'
      ? {
          key: row.key,
          isLeaf: true,
          title: (
            <Button type="link" size="small" style={{ padding: 0 }} loading={loadingMore.has(row.parentKey)} onClick={() => loadMore(row.parentKey)}>
              {t('tree.more', { left: row.left })}
            </Button>
          ),
        }
      : { key: row.key, isLeaf: row.isLeaf, title: <AccountTitle account={row.account} match={row.match} />, children: row.children?.map(toData) }
  const rows = searching ? (searched?.rows ?? []) : browseRows(tree.state)
  const treeData = rows.map(toData)

  const busy = searching ? found.isFetching && !found.data : !tree.rootsLoaded
  const status = searching && found.data ? (found.data.more ? t('tree.search.more', { count: SEARCH_LIMIT }) : t('tree.search.found', { count: found.data.list.length })) : undefined
  return (
    <>
      <PageHeading title={title} />
      <Card>
        <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap', marginBottom: 16 }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('tree.search.placeholder')}
            aria-label={t('tree.search.placeholder')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            style={{ maxWidth: 360 }}
          />
          {status ? <Typography.Text type="secondary">{status}</Typography.Text> : null}
        </div>
        <div ref={measure}>
          <Spin spinning={busy}>
            {/* Browsing, the tree first shows once the only root has opened: opened while in sight, it would
                animate, and antd's tree ignores clicks until the animation ends. */}
            {treeData.length > 0 && (searching || tree.rootsLoaded) ? (
              <Tree
                className="relation-tree"
                blockNode
                showLine
                selectable={false}
                height={height}
                treeData={treeData}
                expandedKeys={searching ? searchExpanded : tree.expandedKeys}
                onExpand={(keys) => (searching && found.data ? setOpened({ answer: found.data, keys: keys.map(String) }) : tree.setExpandedKeys(keys.map(String)))}
                loadData={(node) => tree.loadBranch(String(node.key)).then(() => undefined, () => undefined)}
              />
            ) : busy ? (
              <div style={{ height: 120 }} />
            ) : (
              <Empty description={searching ? t('tree.search.none', { keyword }) : t('tree.empty')} />
            )}
          </Spin>
        </div>
      </Card>
    </>
  )
}
