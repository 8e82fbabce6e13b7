import { useEffect, useRef } from 'react'
import { useTranslate } from '../i18n/translate'
import type { ApiErrorChannel } from '../providers/api-error-channel'
import { apiErrorReaction } from '../providers/api-error-reaction'
import type { TokenStore } from '../providers/token-store'
import { useWithApp } from '../feedback/app-feedback'

/** Spec §9: error messages stay 5 seconds; a 401 signs out after 1.5. */
const TOAST_SECONDS = 5
const LOGIN_EXPIRED_SECONDS = 1.5

/**
 * Shows every failed call as spec §8 says: a message, the "Confirm logout" modal, or the 401
 * handling. `logout` is Refine's in the console; the login page opened first signs out
 * through the auth provider itself, as Refine is not loaded there.
 */
export function ApiErrorNotices({ channel, tokens, logout }: { channel: ApiErrorChannel; tokens: TokenStore; logout: () => Promise<unknown> }) {
  const t = useTranslate()
  const withApp = useWithApp()
  // Several calls fail together when a session ends: one modal or countdown for all of them.
  const busy = useRef(false)
  // Whoever chose to stay is asked again when they next send something, not by a read finishing late.
  const stayed = useRef(false)

  useEffect(
    () =>
      channel.listen((error, request) => {
        const reaction = apiErrorReaction(error, request, tokens.hasOverstepToken())
        switch (reaction.kind) {
          case 'toast': {
            const text = 'text' in reaction ? reaction.text : t(reaction.key)
            withApp(({ message }) => void message.error({ content: text, key: text, duration: TOAST_SECONDS }))
            return
          }
          case 'confirm-logout':
            if (busy.current || (stayed.current && request.method === 'GET')) return
            busy.current = true
            withApp(({ modal }) =>
              modal.confirm({
                title: t('errors.confirmLogout.title'),
                content: t('errors.confirmLogout.text'),
                okText: t('errors.confirmLogout.relogin'),
                cancelText: t('buttons.cancel'),
                onOk: async () => {
                  await logout().catch(() => undefined)
                  window.location.reload()
                },
                onCancel: () => (stayed.current = true),
                afterClose: () => (busy.current = false),
              }),
            )
            return
          case 'close-window':
            if (busy.current) return
            busy.current = true
            withApp(({ modal }) => modal.error({ title: t('errors.loginExpired.title'), okText: t('errors.loginExpired.close'), onOk: () => window.close(), afterClose: () => (busy.current = false) }))
            return
          case 'login-expired':
            if (busy.current) return
            busy.current = true
            withApp(
              ({ message }) =>
                void message.error({ content: t('errors.loginExpired.text'), duration: LOGIN_EXPIRED_SECONDS }).then(() => {
                  // The session is already gone on the server: forget it here, and start again at sign-in.
                  tokens.clear()
                  window.location.reload()
                }),
            )
            return
        }
      }),
    [channel, tokens, t, withApp, logout],
  )
  return null
}
