import { useMemo, useState } from 'react'
import { Alert, Button, Form, Input, Typography } from 'antd'
import { UserOutlined } from '@ant-design/icons'
import { useTranslate } from '../i18n/translate'
import type { ApiClient } from '../../generated/client'
import type { PlatformGetCaptchaResponse } from '../../generated/types'
import type { ApiError } from '../providers/ApiError'
import { useConsole } from '../ConsoleContext'
import { endpointForm } from '../forms/form-schema'
import { schemaRules } from '../forms/schema-rules'
import { CaptchaField, useCaptcha } from './CaptchaPicture'
import { showApiError } from './form-errors'
import { LOGIN_ENDPOINTS } from '../login-endpoints'

const SEND_CODE = LOGIN_ENDPOINTS.sendCode

interface Values {
  account: string
  captcha: string
}

/** Step 1: who the person is, and the picture's characters; a code is sent when both pass. */
export function SendCodeStep(props: {
  api: Pick<ApiClient, 'platformCaptchaImage' | 'platformGetCaptcha'>
  account?: string
  onSent: (account: string, sent: PlatformGetCaptchaResponse) => void
}) {
  const t = useTranslate()
  const { registry, locale, fieldValidators } = useConsole()
  const { schema } = useMemo(() => endpointForm(registry, SEND_CODE, locale), [registry, locale])
  const rules = useMemo(() => schemaRules(schema, locale, fieldValidators), [schema, locale, fieldValidators])
  const titleOf = (field: string) => String((schema.properties as Record<string, { title: string }>)[field]!.title)
  const [form] = Form.useForm<Values>()
  const captcha = useCaptcha(props.api)
  const [sending, setSending] = useState(false)
  const [problem, setProblem] = useState<string>()

  const send = async (values: Values) => {
    if (!captcha.id) return captcha.refresh()
    setSending(true)
    setProblem(undefined)
    try {
      const sent = await props.api.platformGetCaptcha({ account: values.account.trim(), captcha_id: captcha.id, captcha: values.captcha.trim() })
      props.onSent(values.account.trim(), sent)
    } catch (error) {
      // Any try, right or wrong, uses the picture up: clear it (before the errors are shown, which that would clear).
      form.setFieldValue('captcha', '')
      captcha.refresh()
      setProblem(showApiError(form, error as ApiError, ['account', 'captcha']))
    } finally {
      setSending(false)
    }
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={send} initialValues={{ account: props.account ?? '', captcha: '' }}>
      <Typography.Paragraph type="secondary">{t('forgot.intro')}</Typography.Paragraph>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
      <Form.Item name="account" label={titleOf('account')} rules={rules('account')} validateFirst>
        <Input prefix={<UserOutlined />} autoComplete="username" size="large" autoFocus />
      </Form.Item>
      <CaptchaField captcha={captcha} label={titleOf('captcha')} rules={rules('captcha')} inputId="captcha" />
      <Button type="primary" htmlType="submit" block size="large" loading={sending} disabled={captcha.failed}>
        {t('forgot.send')}
      </Button>
    </Form>
  )
}
