import { Layout, Typography } from 'antd'
import { useConsole } from '../ConsoleContext'

/** The site's copyright and record numbers from its branding, under every page when the footer is on. */
export function ConsoleFooter() {
  const { branding } = useConsole()
  const parts = [branding?.copyright, branding?.icp_record_number, branding?.police_record_number].filter(Boolean)
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '16px 24px', background: 'transparent' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {parts.join(' · ')}
      </Typography.Text>
    </Layout.Footer>
  )
}
