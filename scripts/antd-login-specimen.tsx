import { App, Alert, Button, Checkbox, Divider, Flex, Form, Input, Segmented, Space } from 'antd'
import { LockOutlined } from '@ant-design/icons'

/**
 * The antd components the login page a signed-out visitor opens first can show before the
 * console loads, in the forms it uses them (scripts/antd-login-components.ts names them): their styles are the
 * part of the pre-built antd styles that page links (scripts/antd-static-css.tsx).
 */
export function LoginSpecimen() {
  return (
    <App>
      <Flex vertical>
        <Segmented options={['a', 'b']} size="small" />
        <Alert type="error" showIcon message="a" description="b" />
        <Form layout="vertical">
          <Form.Item label="a" name="a" rules={[{ required: true }]}>
            <Input prefix={<LockOutlined />} size="large" />
          </Form.Item>
          <Form.Item label="b" name="b">
            <Input.Password size="large" />
          </Form.Item>
          <Form.Item name="c" valuePropName="checked" noStyle>
            <Checkbox>c</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading>
            d
          </Button>
          <Button type="link">e</Button>
        </Form>
        <Divider plain />
        <Space wrap split={<Divider type="vertical" />}>
          <Button type="link">f</Button>
          <Button type="link">g</Button>
        </Space>
      </Flex>
    </App>
  )
}
