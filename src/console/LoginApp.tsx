import { startTransition, useCallback, useEffect, useMemo, useState } from 'react'
import { ConfigProvider } from 'antd'
import type { Locale, Registry } from '../schema/types'
import type { Boot } from './boot'
import type { ConsoleAuthProvider } from './providers/authProvider'
import { localePack } from './i18n/locale-packs'
import { createI18nProvider } from './providers/i18nProvider'
import { TranslateContext } from './i18n/translate'
import { createFieldValidatorsLoader } from './forms/field-validators'
import { useBranding, type Branding } from './branding/useBranding'
import { ConsoleContext } from './ConsoleContext'
import { SignInContext, type SignIn } from './sign-in'
import { ThemeModeProvider, useThemeMode } from './theme/ThemeMode'
import { ANTD_THEMES } from './theme/antd-theme'
import { ApiErrorNotices } from './layout/ApiErrorNotices'
import { SkipLink } from './layout/SkipLink'
import { prefetchConsole } from './start-assets'
import { showStartFailure } from './boot'
import LoginPage from './pages/LoginPage'
import { NO_SCHEMAS } from './no-schemas'
import { DeferredAntdApp } from './feedback/DeferredAntdApp'


export interface LoginAppProps extends Omit<Boot, 'root' | 'antdStyles' | 'locale'> {
  authProvider: ConsoleAuthProvider
  /** The site's branding, if it came before the page's first render. */
  branding: Branding | undefined
  /** The schema files' registry, asked for once. */
  loadSchemas: () => Promise<Registry>
  /** Opens the console after a sign-in or a registration; settles once it shows. */
  onSignedIn: (redirectTo: string | undefined, branding: Branding | undefined) => Promise<void>
}

/**
 * The login page as the console shows it (ConsoleApp), with what it uses of the console around
 * it and nothing else: the same locale, theme, translations, branding and notices of failed
 * calls, but not Refine, its router or the console's pages.
 */
export function LoginApp(props: LoginAppProps) {
  return (
    <ThemeModeProvider>
      <Shell {...props} />
    </ThemeModeProvider>
  )
}

function Shell({ http, tokens, apiErrors, authProvider, branding: known, loadSchemas, onSignedIn }: LoginAppProps) {
  const [loaded, setLoaded] = useState<Registry>()
  const registry = loaded ?? NO_SCHEMAS
  const { mode } = useThemeMode()
  const [locale, setLocale] = useState<Locale>()
  const i18nProvider = useMemo(() => createI18nProvider(localStorage, setLocale), [])
  const current = locale ?? i18nProvider.getLocale()
  const translation = useMemo(() => ({ provider: i18nProvider, locale: current }), [i18nProvider, current])
  const branding = useBranding(http, known)
  const fieldValidators = useMemo(() => createFieldValidatorsLoader(), [])
  const context = useMemo(
    () => ({ registry, schemasLoaded: loaded !== undefined, http, fieldValidators, branding, locale: current, changeLocale: i18nProvider.changeLocale, forgetIdentity: authProvider.forgetIdentity }),
    [registry, loaded, http, fieldValidators, branding, current, i18nProvider, authProvider],
  )
  const signIn = useMemo<SignIn>(() => {
    const thenOpen = async (result: Awaited<ReturnType<SignIn['login']>>) => {
      if (result.success) await onSignedIn(result.redirectTo, branding)
      return result
    }
    return { login: (values) => authProvider.login(values).then(thenOpen), register: (values) => authProvider.register!(values).then(thenOpen) }
  }, [authProvider, onSignedIn, branding])

  const logout = useCallback(() => authProvider.logout(undefined), [authProvider])

  useEffect(() => {
    // Once the page is on screen (the frame after its first), not before: the files it offers more with, then, when
    // idle, the console's code for after the sign-in. Asked for sooner, they would share the line with the page's own.
    let live = true
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        loadSchemas().then((r) => live && startTransition(() => setLoaded(r)), showStartFailure)
        prefetchConsole()
      })
    })
    return () => {
      live = false
      cancelAnimationFrame(frame)
    }
  }, [loadSchemas])

  return (
    <ConfigProvider locale={localePack(current)?.antd} theme={ANTD_THEMES[mode]}>
      <DeferredAntdApp>
        <ConsoleContext.Provider value={context}>
          <TranslateContext.Provider value={translation}>
            <SignInContext.Provider value={signIn}>
              <SkipLink />
              <ApiErrorNotices channel={apiErrors} tokens={tokens} logout={logout} />
              <LoginPage />
            </SignInContext.Provider>
          </TranslateContext.Provider>
        </ConsoleContext.Provider>
      </DeferredAntdApp>
    </ConfigProvider>
  )
}
