import { useCallback, useEffect, useState } from 'react'
import { Button, Flex, Form, Input, Spin, Typography, theme, type FormRule } from 'antd'
import { SafetyOutlined } from '@ant-design/icons'
import { useTranslate } from '../i18n/translate'
import type { ApiClient } from '../../generated/client'

export interface Captcha {
  /** Undefined until the first picture has come. */
  id?: string
  image?: string
  loading: boolean
  failed: boolean
  /** Ask for a new picture: each is good for one try. */
  refresh: () => void
}

export function useCaptcha(api: Pick<ApiClient, 'platformCaptchaImage'>): Captcha {
  const [state, setState] = useState<Omit<Captcha, 'refresh'>>({ loading: true, failed: false })
  const refresh = useCallback(() => {
    setState((s) => ({ ...s, loading: true, failed: false }))
    api.platformCaptchaImage().then(
      (picture) => setState({ id: picture.captcha_id, image: picture.image, loading: false, failed: false }),
      () => setState({ loading: false, failed: true }),
    )
  }, [api])
  useEffect(refresh, [refresh])
  return { ...state, refresh }
}

/** The picture, as a button that fetches a new one. */
export function CaptchaPicture({ captcha }: { captcha: Captcha }) {
  const t = useTranslate()
  const { token } = theme.useToken()
  const label = captcha.failed ? t('forgot.captcha.failed') : t('forgot.captcha.refresh')
  return (
    <Button
      onClick={captcha.refresh}
      title={label}
      aria-label={label}
      data-testid="captcha-picture"
      style={{ width: 120, height: 40, padding: 0, overflow: 'hidden', flex: 'none', borderColor: captcha.failed ? token.colorError : undefined }}
    >
      {captcha.loading ? (
        <Spin size="small" />
      ) : captcha.image ? (
        // The picture is dark grey on nothing: white behind it keeps it readable in the dark theme too.
        <img src={captcha.image} alt={t('forgot.captcha.alt')} width={120} height={40} style={{ display: 'block', background: '#fff' }} />
      ) : (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t('forgot.captcha.retry')}
        </Typography.Text>
      )}
    </Button>
  )
}

/**
 * The form field for the picture's characters, the picture beside it. `inputId` ties the
 * label to the input: antd ids a field `FORM_FIELD` in a named form, `FIELD` in another, and
 * the label around the input and picture cannot know which.
 */
export function CaptchaField({ captcha, label, rules, inputId }: { captcha: Captcha; label: string; rules: FormRule[]; inputId: string }) {
  return (
    <Form.Item label={label} htmlFor={inputId} required>
      <Flex gap={8} align="flex-start">
        <Form.Item name="captcha" rules={rules} noStyle>
          <Input prefix={<SafetyOutlined />} autoComplete="off" size="large" maxLength={16} style={{ flex: 1 }} />
        </Form.Item>
        <CaptchaPicture captcha={captcha} />
      </Flex>
    </Form.Item>
  )
}
