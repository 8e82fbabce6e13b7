import { lazy, Suspense, useEffect, useState } from 'react'
import { Alert, Button, Checkbox, Divider, Flex, Form, Input, theme } from 'antd'
import { LockOutlined, UserOutlined } from '@ant-design/icons'
import { useTranslate } from '../i18n/translate'
import type { ApiError } from '../providers/ApiError'
import { useSignIn, type LoginValues } from '../sign-in'
import { useConsole } from '../ConsoleContext'
import { LocaleSwitch } from '../layout/LocaleSwitch'
import { AgreementLinks } from '../agreements/AgreementLinks'
import { PasswordInput } from '../forms/PasswordInput'
import { CONTENT_ID } from '../layout/SkipLink'
import { antdRestStylesLoaded } from '../theme/antd-static-css'

// Loaded with the first click on "Forgot password" or "Register account": most visits to this page only sign in.
// Their antd components are styled by the part of antd's styles the console links (theme/antd-static-css).
const ForgotPasswordModal = lazy(() => Promise.all([import('../password-reset/ForgotPasswordModal'), antdRestStylesLoaded()]).then(([m]) => ({ default: m.ForgotPasswordModal })))
const RegisterModal = lazy(() => Promise.all([import('../registration/RegisterModal'), antdRestStylesLoaded()]).then(([m]) => ({ default: m.RegisterModal })))

const REMEMBER_KEY = 'login-remember'
/** The agreements a person may want to read before signing in. */
const AGREEMENTS = ['user_agreement', 'privacy_policy'] as const

/**
 * Spec §2 and §5: welcome text, username and password (neither may be empty), remember
 * password, forgot password, register account (where the site takes registrations); below,
 * the user agreement and privacy policy, readable before signing in. Branded from the site's
 * system info.
 */
export default function LoginPage() {
  const t = useTranslate()
  const { branding, schemasLoaded } = useConsole()
  const { token } = theme.useToken()
  const [form] = Form.useForm<LoginValues>()
  const { login } = useSignIn()
  const [isPending, setPending] = useState(false)
  const [failure, setFailure] = useState<ApiError>()
  const [forgotOpen, setForgotOpen] = useState(false)
  // Once opened, the dialog stays mounted so it can animate closed and keep what was typed.
  const [forgotUsed, setForgotUsed] = useState(false)
  const [registerOpen, setRegisterOpen] = useState(false)
  const [registerUsed, setRegisterUsed] = useState(false)

  useEffect(() => {
    // "Remember password" keeps the username and the choice, and the sign-in outlives the browser session (authProvider);
    // the password itself is never stored, only offered to the browser's password manager.
    const remembered = localStorage.getItem(REMEMBER_KEY)
    if (remembered) form.setFieldsValue({ username: remembered, remember: true })
  }, [form])

  const onFinish = (values: LoginValues) => {
    if (values.remember) localStorage.setItem(REMEMBER_KEY, values.username)
    else localStorage.removeItem(REMEMBER_KEY)
    setPending(true)
    setFailure(undefined)
    void login(values)
      .catch((error: ApiError) => ({ success: false, error }))
      .then((result) => {
        // A success leaves this page for the console; the button spins until it does.
        if (result.success) return
        setFailure(result.error as ApiError | undefined)
        setPending(false)
      })
  }

  return (
    <Flex component="main" id={CONTENT_ID} tabIndex={-1} className="page-content" vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 24, background: token.colorBgLayout }}>
      <div style={{ position: 'absolute', top: 16, right: 24 }}>
        <LocaleSwitch />
      </div>
      {/* A card drawn in antd's colours: Card would bring Tabs (and its menus) to the first page anyone loads. */}
      <section
        style={{
          width: 400,
          maxWidth: '100%',
          boxSizing: 'border-box',
          padding: 32,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <Flex vertical gap={4} style={{ marginBottom: 24 }}>
          {branding?.logo && <img src={branding.logo} alt="" style={{ height: 40, alignSelf: 'flex-start' }} />}
          {/* Plain elements in antd's colours: Typography's code stays off the first page anyone loads. */}
          <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong, lineHeight: token.lineHeightHeading3, color: token.colorTextHeading }}>
            {t('login.welcome')}
          </h1>
          <span style={{ color: token.colorTextSecondary }}>{branding?.name ? `${t('login.subtitle')} · ${branding.name}` : t('login.subtitle')}</span>
        </Flex>
        {failure && (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t('login.failed')} description={failure.message} />
        )}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} initialValues={{ remember: false }}>
          <Form.Item name="username" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('login.username.required') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" size="large" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.password.required') }]}>
            <PasswordInput prefix={<LockOutlined />} autoComplete="current-password" size="large" />
          </Form.Item>
          <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
            <Form.Item name="remember" valuePropName="checked" noStyle>
              <Checkbox>{t('login.remember')}</Checkbox>
            </Form.Item>
            {/* Its forms, as registration's, are built from the schema files, which may still be on their way. */}
            <Button
              type="link"
              disabled={!schemasLoaded}
              style={{ padding: 0, height: 'auto' }}
              onClick={() => {
                setForgotUsed(true)
                setForgotOpen(true)
              }}
            >
              {t('login.forgot')}
            </Button>
          </Flex>
          <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
            {t('login.submit')}
          </Button>
          {/* Only where the site takes registrations (get_system_info's allow_register); hidden until that is known. */}
          {branding?.allow_register && (
            <Flex justify="center" style={{ marginTop: 16 }}>
              <Button
                type="link"
                disabled={!schemasLoaded}
                style={{ padding: 0, height: 'auto' }}
                onClick={() => {
                  setRegisterUsed(true)
                  setRegisterOpen(true)
                }}
              >
                {t('login.register')}
              </Button>
            </Flex>
          )}
        </Form>
        <Divider plain style={{ margin: '20px 0 12px' }} />
        <AgreementLinks kinds={AGREEMENTS} />
      </section>
      {forgotUsed ? (
        <Suspense fallback={null}>
          <ForgotPasswordModal
            open={forgotOpen}
            account={form.getFieldValue('username')}
            onClose={() => setForgotOpen(false)}
            onReset={(username) => {
              setForgotOpen(false)
              form.setFieldsValue({ username, password: '' })
              form.focusField('password')
            }}
          />
        </Suspense>
      ) : null}
      {registerUsed ? (
        <Suspense fallback={null}>
          <RegisterModal open={registerOpen} onClose={() => setRegisterOpen(false)} />
        </Suspense>
      ) : null}
      {branding?.copyright && (
        <span style={{ marginTop: 24, fontSize: 12, color: token.colorTextSecondary }}>
          {branding.copyright} {branding.icp_record_number}
        </span>
      )}
    </Flex>
  )
}
