import { App, Avatar, Card, Dropdown, Empty, Image, Input, InputNumber, Layout, Menu, Select, Skeleton, Space, Spin, Statistic, Table, Tag, Tooltip, Typography } from 'antd'

/**
 * The antd components of the signed-in frame and of a list page (menu, header, filters, table,
 * pagination, the placeholders shown before data): their styles are the part of the pre-built
 * antd styles the console links (scripts/antd-static-css.tsx). Components only dialogs, drawers,
 * settings off by default (the tab bar) or other pages show are not here: antd generates their
 * styles as they first render, so a list page loads none of them.
 */
export function ConsoleSpecimen() {
  return (
    <App>
      <Layout>
        <Layout.Sider collapsible>
          <Menu mode="inline" items={[{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }]} />
        </Layout.Sider>
        <Layout>
          <Layout.Header>
            <Menu mode="horizontal" items={[{ key: 'a', label: 'a' }]} />
            <Dropdown menu={{ items: [{ key: 'a', label: 'a' }] }}>
              <Avatar>a</Avatar>
            </Dropdown>
          </Layout.Header>
          <Layout.Content>
            <Space wrap>
              <Input.Search allowClear />
              <Select options={[{ value: 'a', label: 'a' }]} mode="multiple" allowClear />
              <InputNumber />
              <Tag color="blue">a</Tag>
              <Tooltip title="a">
                <Typography.Text ellipsis copyable>
                  a
                </Typography.Text>
              </Tooltip>
            </Space>
            <Card size="small">
              <Statistic value={1} />
            </Card>
            <Skeleton active paragraph={{ rows: 2 }} />
            <Spin />
            <Empty />
            <Image src="" width={1} preview={false} />
            <Table
              size="middle"
              rowKey="id"
              rowSelection={{}}
              columns={[{ key: 'a', dataIndex: 'a', title: 'a', sorter: true, fixed: 'left', ellipsis: true }]}
              dataSource={[{ id: 1, a: 'a' }]}
              pagination={{ total: 100, showSizeChanger: true, showQuickJumper: true }}
              scroll={{ x: 800 }}
            />
          </Layout.Content>
        </Layout>
      </Layout>
    </App>
  )
}
