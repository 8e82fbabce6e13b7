import { useState } from 'react'
import { App, Button, Card, Descriptions, Empty, Form, Upload } from 'antd'
import type { UploadFile } from 'antd'
import { UploadOutlined } from '@ant-design/icons'
import { useTranslate } from '../../i18n/translate'
import { useConsole, useLabel } from '../../ConsoleContext'
import { ApiError } from '../../providers/ApiError'
import type { InitConfigUploadCertResponse } from '../../../generated/types'

/** What upload_cert and init_config/get_config tell of the certificate, as its endpoint file declares it. */
export type CertSummary = InitConfigUploadCertResponse

const UPLOAD_CERT = 'init_config/upload_cert'
const DETAILS = ['subject', 'issuer', 'serial_number', 'valid_from', 'valid_to', 'fingerprint256'] as const

/**
 * The WeChat Pay certificate and key: both PEM files chosen here, sent together, checked
 * by the server (PEM, a matching pair, in date). Only the certificate's details come back.
 */
export function CertUpload({ current, onUploaded }: { current: CertSummary | null; onUploaded: () => void }) {
  const t = useTranslate()
  const label = useLabel()
  const { message } = App.useApp()
  const { registry, http } = useConsole()
  const endpoint = registry.endpoints.get(UPLOAD_CERT)!
  const parts = endpoint.files!
  const [chosen, setChosen] = useState<Record<string, UploadFile | undefined>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [sending, setSending] = useState(false)

  const send = async () => {
    const form = new FormData()
    for (const [name, file] of Object.entries(chosen)) if (file?.originFileObj) form.append(name, file.originFileObj, file.name)
    setSending(true)
    try {
      await http.request({ method: 'POST', path: endpoint.path, body: form })
      message.success(t('config.cert.uploaded'))
      setChosen({})
      setErrors({})
      onUploaded()
    } catch (error) {
      if (error instanceof ApiError) setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.path.replace(/^\//, ''), e.message])))
    } finally {
      setSending(false)
    }
  }

  return (
    <Card title={t('config.cert.title')}>
      {current ? (
        <Descriptions
          bordered
          size="small"
          column={1}
          style={{ marginBottom: 24 }}
          items={DETAILS.map((key) => ({ key, label: t(`config.cert.${key}`), children: key.startsWith('valid_') ? new Date(current[key]).toLocaleString() : current[key] }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('config.cert.none')} style={{ marginBottom: 24 }} />
      )}
      <Form layout="vertical" style={{ maxWidth: 720 }} onFinish={send}>
        {Object.entries(parts).map(([name, part]) => (
          <Form.Item key={name} label={label(part['x-label'], name)} required validateStatus={errors[name] ? 'error' : undefined} help={errors[name]}>
            <Upload
              accept=".pem,.crt,.key"
              maxCount={1}
              fileList={chosen[name] ? [chosen[name]!] : []}
              beforeUpload={() => false}
              onChange={({ fileList }) => {
                setChosen((c) => ({ ...c, [name]: fileList[0] }))
                setErrors(({ [name]: _cleared, ...rest }) => rest)
              }}
            >
              <Button icon={<UploadOutlined />}>{t('config.cert.choose')}</Button>
            </Upload>
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={sending} disabled={Object.keys(parts).some((name) => !chosen[name])}>
          {t('config.cert.upload')}
        </Button>
      </Form>
    </Card>
  )
}
