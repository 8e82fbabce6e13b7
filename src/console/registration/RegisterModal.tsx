import { useMemo, useRef, useState, type RefObject } from 'react'
import { Alert, Button, Flex, Form, Input, Modal, Typography, type InputRef } from 'antd'
import { LockOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons'
import { useTranslate } from '../i18n/translate'
import { createApiClient } from '../../generated/client'
import type { PlatformRegisterBody } from '../../generated/types'
import type { ApiError } from '../providers/ApiError'
import { useConsole } from '../ConsoleContext'
import { endpointForm } from '../forms/form-schema'
import { schemaRules } from '../forms/schema-rules'
import { CaptchaField, useCaptcha } from '../password-reset/CaptchaPicture'
import { showApiError } from '../password-reset/form-errors'
import { useSignIn } from '../sign-in'
import { LOGIN_ENDPOINTS } from '../login-endpoints'

const REGISTER = LOGIN_ENDPOINTS.register
/** The fields the server may name in its errors; the rest is said above the form. */
const FIELDS = ['invite_code', 'username', 'password', 'captcha'] as const
/** Each input's id is the form's name and the field's: a label points at it, and tests find it. */
const FORM_NAME = 'register'

type Values = Pick<PlatformRegisterBody, 'invite_code' | 'username' | 'password' | 'captcha'> & { confirm: string }

/**
 * "Register account" of the sign-in page (spec §2): a merchant joins the partner whose
 * invitation code (service prefix number) it was given, and is signed in as soon as the
 * account exists. A dialog, as forgot-password is: the spec's open routes are only login,
 * notFound and batchAuthorization.
 */
export function RegisterModal(props: { open: boolean; onClose: () => void }) {
  const t = useTranslate()
  const first = useRef<InputRef>(null)
  return (
    <Modal
      open={props.open}
      title={t('register.title')}
      footer={null}
      width={460}
      destroyOnHidden
      maskClosable={false}
      onCancel={props.onClose}
      // The dialog takes the focus as it opens; the first field gets it once the dialog is in place, so typing can start at once.
      afterOpenChange={(open) => open && first.current?.focus()}
    >
      <RegisterForm first={first} onClose={props.onClose} />
    </Modal>
  )
}

/** Inside the dialog, so each opening starts with an empty form and a new picture. */
function RegisterForm(props: { first: RefObject<InputRef | null>; onClose: () => void }) {
  const t = useTranslate()
  const { http, registry, locale, fieldValidators } = useConsole()
  const api = useMemo(() => createApiClient((request) => http.request(request)), [http])
  const { schema } = useMemo(() => endpointForm(registry, REGISTER, locale), [registry, locale])
  const rules = useMemo(() => schemaRules(schema, locale, fieldValidators), [schema, locale, fieldValidators])
  const titleOf = (field: string) => String((schema.properties as Record<string, { title: string }>)[field]!.title)
  const [form] = Form.useForm<Values>()
  const captcha = useCaptcha(api)
  const { register } = useSignIn()
  const [isPending, setPending] = useState(false)
  const [problem, setProblem] = useState<string>()

  const submit = (values: Values) => {
    if (!captcha.id) return captcha.refresh()
    setProblem(undefined)
    const body: PlatformRegisterBody = {
      invite_code: values.invite_code.trim(),
      username: values.username.trim(),
      password: values.password,
      captcha_id: captcha.id,
      captcha: values.captcha.trim(),
      domain: window.location.host,
    }
    setPending(true)
    void register(body)
      .catch((error: ApiError) => ({ success: false, error }))
      .then((result) => {
        // A success signs the new merchant in and leaves for the console; the button spins until it does.
        if (result.success) return
        setPending(false)
        // A refused password leaves the picture unused; any other answer has used it up.
        const error = result.error as ApiError
        const passwordOnly = error.fieldErrors.length > 0 && error.fieldErrors.every((e) => e.path === '/password')
        if (!passwordOnly) {
          form.setFieldValue('captcha', '')
          captcha.refresh()
        }
        setProblem(showApiError(form, error, FIELDS))
      })
  }

  return (
    <Form form={form} name={FORM_NAME} layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ invite_code: '', username: '', password: '', confirm: '', captcha: '' }}>
      <Typography.Paragraph type="secondary">{t('register.intro')}</Typography.Paragraph>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
      <Form.Item name="invite_code" label={titleOf('invite_code')} rules={rules('invite_code')} validateFirst>
        <Input ref={props.first} prefix={<TeamOutlined />} autoComplete="off" size="large" />
      </Form.Item>
      <Form.Item name="username" label={titleOf('username')} rules={rules('username')} validateFirst extra={t('register.username.hint')}>
        <Input prefix={<UserOutlined />} autoComplete="username" size="large" />
      </Form.Item>
      <Form.Item name="password" label={titleOf('password')} rules={rules('password')} validateFirst extra={t('register.password.hint')}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('register.confirm')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('register.confirm.required') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value) => {
              if (value && value !== getFieldValue('password')) throw new Error(t('register.confirm.mismatch'))
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
      </Form.Item>
      <CaptchaField captcha={captcha} label={titleOf('captcha')} rules={rules('captcha')} inputId={`${FORM_NAME}_captcha`} />
      <Button type="primary" htmlType="submit" block size="large" loading={isPending} disabled={captcha.failed}>
        {t('register.submit')}
      </Button>
      <Flex justify="center" gap={4} style={{ marginTop: 12 }}>
        <Typography.Text type="secondary">{t('register.haveAccount')}</Typography.Text>
        <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={props.onClose}>
          {t('register.signIn')}
        </Button>
      </Flex>
    </Form>
  )
}
