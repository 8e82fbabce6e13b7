import { useMemo, useState } from 'react'
import { Alert, Button, Flex, Form, Input, Typography } from 'antd'
import { LockOutlined, NumberOutlined } from '@ant-design/icons'
import { useTranslate } from '../i18n/translate'
import type { ApiClient } from '../../generated/client'
import type { PlatformGetCaptchaResponse } from '../../generated/types'
import type { ApiError } from '../providers/ApiError'
import { useConsole } from '../ConsoleContext'
import { endpointForm } from '../forms/form-schema'
import { schemaRules } from '../forms/schema-rules'
import { PasswordInput } from '../forms/PasswordInput'
import { showApiError } from './form-errors'
import { useCountdown } from './useCountdown'
import { LOGIN_ENDPOINTS } from '../login-endpoints'

const RESET = LOGIN_ENDPOINTS.reset

interface Values {
  code: string
  new_password: string
  confirm: string
}

/** Step 2: the code that was sent, and the new password (typed twice). */
export function ResetPasswordStep(props: {
  api: Pick<ApiClient, 'platformResetPwd'>
  account: string
  sent: PlatformGetCaptchaResponse
  /** When another code may be asked for (a Date.now() time). */
  resendAt: number
  onAskAgain: () => void
  onReset: (username: string) => void
}) {
  const t = useTranslate()
  const { registry, locale, fieldValidators } = useConsole()
  const { schema } = useMemo(() => endpointForm(registry, RESET, locale), [registry, locale])
  const rules = useMemo(() => schemaRules(schema, locale, fieldValidators), [schema, locale, fieldValidators])
  const titleOf = (field: string) => String((schema.properties as Record<string, { title: string }>)[field]!.title)
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const [problem, setProblem] = useState<string>()
  const resendIn = useCountdown(props.resendAt)

  const reset = async (values: Values) => {
    setSaving(true)
    setProblem(undefined)
    try {
      const done = await props.api.platformResetPwd({ account: props.account, code: values.code.trim(), new_password: values.new_password })
      props.onReset(done.username)
    } catch (error) {
      setProblem(showApiError(form, error as ApiError, ['code', 'new_password']))
    } finally {
      setSaving(false)
    }
  }

  const minutes = Math.round(props.sent.expires_in / 60)
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={reset}>
      <Alert
        type={props.sent.channel === 'log' ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        message={props.sent.channel === 'log' ? t('forgot.sent.log') : t('forgot.sent.delivered', { account: props.account })}
        description={t('forgot.sent.validity', { minutes })}
      />
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
      <Form.Item label={titleOf('code')} required>
        <Flex gap={8}>
          <Form.Item name="code" rules={rules('code')} noStyle>
            <Input prefix={<NumberOutlined />} autoComplete="one-time-code" inputMode="numeric" maxLength={6} size="large" autoFocus style={{ flex: 1 }} />
          </Form.Item>
          <Button size="large" disabled={resendIn > 0} onClick={props.onAskAgain} style={{ minWidth: 140 }}>
            {resendIn > 0 ? t('forgot.resendIn', { seconds: resendIn }) : t('forgot.resend')}
          </Button>
        </Flex>
      </Form.Item>
      <Form.Item name="new_password" label={titleOf('new_password')} rules={rules('new_password')}>
        <PasswordInput prefix={<LockOutlined />} autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('forgot.confirm')}
        dependencies={['new_password']}
        rules={[
          { required: true, message: t('forgot.confirm.required') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value) => {
              if (value && value !== getFieldValue('new_password')) throw new Error(t('forgot.confirm.mismatch'))
            },
          }),
        ]}
      >
        <PasswordInput prefix={<LockOutlined />} autoComplete="new-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={saving}>
        {t('forgot.submit')}
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
        {t('forgot.signsOut')}
      </Typography.Paragraph>
    </Form>
  )
}
