import { Card, Space, Typography } from 'antd'
import { useTranslate } from '../../i18n/translate'
import { useConsole, useLabel } from '../../ConsoleContext'
import { ConfigGroupForm, type GroupCalls, type GroupValues } from './ConfigGroupForm'
import { useGroupCalls, useScreenGroups } from './ConfigPage'
import { CertUpload, type CertSummary } from './CertUpload'
import { PageHeading } from '../../layout/PageHeading'
import { useRouteTitle } from '../../layout/useRouteTitle'
import { useQuery, useQueryClient } from '@tanstack/react-query'

type InitValues = GroupValues & { cert: CertSummary | null }

/** account/system-init: the init settings group and the WeChat Pay certificate, then the other groups edited here (the AI providers). */
export default function SystemInitPage() {
  const t = useTranslate()
  const { registry, http } = useConsole()
  const queryClient = useQueryClient()
  const label = useLabel()
  const callsOf = useGroupCalls()
  const [group, ...others] = useScreenGroups()
  const title = useRouteTitle()
  const get = registry.endpoints.get('init_config/get_config')!
  const set = registry.endpoints.get('init_config/set_config')!
  const calls: GroupCalls = {
    read: () => http.request<InitValues>({ method: 'GET', path: get.path }),
    write: (values) => http.request<InitValues>({ method: 'POST', path: set.path, body: { values } }),
  }
  // The same query as the form's: one request, and the certificate details follow every refresh.
  const { data } = useQuery({ queryKey: ['config-group', 'init'], queryFn: () => calls.read() as Promise<InitValues> })
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <PageHeading title={title} />
      {group ? (
        <Card title={t('config.init.title')}>
          <div style={{ maxWidth: 720 }}>
            <ConfigGroupForm group={group} calls={calls} />
          </div>
        </Card>
      ) : null}
      <CertUpload current={data?.cert ?? null} onUploaded={() => queryClient.invalidateQueries({ queryKey: ['config-group', 'init'] })} />
      {others.map((other) => (
        <Card key={other.name} title={label(other.label, other.name)}>
          <div style={{ maxWidth: 720 }}>
            {other.note ? <Typography.Paragraph type="secondary" style={{ overflowWrap: 'anywhere' }}>{label(other.note, '').replaceAll('{origin}', window.location.origin)}</Typography.Paragraph> : null}
            <ConfigGroupForm group={other} calls={callsOf(other)} />
          </div>
        </Card>
      ))}
    </Space>
  )
}
