import { useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { ConfigProvider, Table } from 'antd'

/**
 * The least a hand-written page does to show the same 20 domains: React and antd's Table,
 * one fetch, no router, menu or schemas. The bench times it beside the console, so the
 * console's figure can be read against what the stack itself costs on this machine.
 */
interface Domain { id: number; host: string; name: string; created_at: string }

function DomainTable() {
  const [rows, setRows] = useState<Domain[]>([])
  useEffect(() => {
    fetch('/api/v1/domain/list?page=1&limit=20&sort=id&order=desc', { headers: { token: localStorage.getItem('token') ?? '', platform: 'pc' } })
      .then((r) => r.json())
      .then((body: { data: { data: Domain[] } }) => setRows(body.data.data))
  }, [])
  return (
    <Table<Domain>
      rowKey="id"
      dataSource={rows}
      pagination={false}
      columns={[
        { title: 'ID', dataIndex: 'id' },
        { title: 'Host', dataIndex: 'host' },
        { title: 'Name', dataIndex: 'name' },
        { title: 'Created', dataIndex: 'created_at' },
      ]}
    />
  )
}

createRoot(document.getElementById('root')!).render(
  <ConfigProvider theme={{ token: { colorPrimary: '#165DFF' } }}>
    <DomainTable />
  </ConfigProvider>,
)
