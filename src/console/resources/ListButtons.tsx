import { Button } from 'antd'
import { PlusSquareOutlined, RedoOutlined } from '@ant-design/icons'
import { useCreateButton, useRefreshButton } from '@refinedev/core'

// A list's Create and Refresh, as @refinedev/antd draws them, without loading that package with
// every list (useListTable.ts says why).

/** A link to the resource's create page, drawn as the primary button. */
export function CreateButton({ resource }: { resource: string }) {
  const { label, title, LinkComponent, to, hidden, disabled } = useCreateButton({ resource, accessControl: { enabled: false } })
  if (hidden) return null
  return (
    <LinkComponent to={to} replace={false} onClick={(e: { preventDefault(): void }) => disabled && e.preventDefault()}>
      <Button type="primary" icon={<PlusSquareOutlined />} disabled={disabled} title={title} className="refine-create-button">
        {label}
      </Button>
    </LinkComponent>
  )
}

/** Reads the list again with `onClick`; its arrow turns while the resource's queries run. */
export function RefreshButton({ resource, onClick }: { resource: string; onClick: () => void }) {
  const { label, loading } = useRefreshButton({ resource })
  return (
    <Button icon={<RedoOutlined spin={loading} />} onClick={onClick} className="refine-refresh-button">
      {label}
    </Button>
  )
}
