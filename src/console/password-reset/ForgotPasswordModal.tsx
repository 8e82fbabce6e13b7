import { useMemo, useState } from 'react'
import { Modal, Steps } from 'antd'
import { useTranslate } from '../i18n/translate'
import { useWithApp } from '../feedback/app-feedback'
import { createApiClient } from '../../generated/client'
import type { PlatformGetCaptchaResponse } from '../../generated/types'
import { useConsole } from '../ConsoleContext'
import { SendCodeStep } from './SendCodeStep'
import { ResetPasswordStep } from './ResetPasswordStep'

type Stage = { step: 'send' } | { step: 'reset'; account: string; sent: PlatformGetCaptchaResponse; resendAt: number }

/**
 * "Forgot password" of the sign-in page (spec §2, calls get_captcha and reset_pwd of §7):
 * a picture code and the account, then the code that was sent and a new password.
 * A modal, not a page, because the spec's open routes are only login, notFound and
 * batchAuthorization. `onReset` gets the username to sign in with.
 */
export function ForgotPasswordModal(props: { open: boolean; account?: string; onClose: () => void; onReset: (username: string) => void }) {
  const t = useTranslate()
  const withApp = useWithApp()
  const { http } = useConsole()
  const api = useMemo(() => createApiClient((request) => http.request(request)), [http])
  const [stage, setStage] = useState<Stage>({ step: 'send' })
  const [account, setAccount] = useState<string>()

  return (
    <Modal
      open={props.open}
      title={t('forgot.title')}
      footer={null}
      width={460}
      destroyOnHidden
      maskClosable={false}
      onCancel={props.onClose}
      afterClose={() => setStage({ step: 'send' })}
    >
      <Steps
        size="small"
        current={stage.step === 'send' ? 0 : 1}
        items={[{ title: t('forgot.step.verify') }, { title: t('forgot.step.reset') }]}
        style={{ margin: '8px 0 24px' }}
      />
      {stage.step === 'send' ? (
        <SendCodeStep
          api={api}
          account={account ?? props.account}
          onSent={(sentTo, sent) => {
            setAccount(sentTo)
            setStage({ step: 'reset', account: sentTo, sent, resendAt: Date.now() + sent.resend_in * 1000 })
          }}
        />
      ) : (
        <ResetPasswordStep
          api={api}
          account={stage.account}
          sent={stage.sent}
          resendAt={stage.resendAt}
          onAskAgain={() => setStage({ step: 'send' })}
          onReset={(username) => {
            withApp(({ message }) => void message.success(t('forgot.done')))
            props.onReset(username)
          }}
        />
      )}
    </Modal>
  )
}
