import { useMemo, useState } from 'react'
import { ConfigProvider } from 'antd'
import { AntdAppWithFeedback } from '../feedback/AntdAppWithFeedback'
import type { Locale } from '../../schema/types'
import type { HttpClient } from '../providers/http-client'
import { localePack } from '../i18n/locale-packs'
import { createI18nProvider } from '../providers/i18nProvider'
import { TranslateContext } from '../i18n/translate'
import { ConsoleContext } from '../ConsoleContext'
import { createFieldValidatorsLoader } from '../forms/field-validators'
import { ThemeModeProvider, useThemeMode } from '../theme/ThemeMode'
import { ANTD_THEMES } from '../theme/antd-theme'
import { NO_SCHEMAS } from '../no-schemas'
import { BatchAuthorizationPage } from './BatchAuthorizationPage'

/** The page with what it uses of the console: locale, theme and translations, no Refine and no sign-in. */
export function BatchAuthorizationApp({ http }: { http: HttpClient }) {
  return (
    <ThemeModeProvider>
      <Shell http={http} />
    </ThemeModeProvider>
  )
}

function Shell({ http }: { http: HttpClient }) {
  const { mode } = useThemeMode()
  const [locale, setLocale] = useState<Locale>()
  const i18nProvider = useMemo(() => createI18nProvider(localStorage, setLocale), [])
  const current = locale ?? i18nProvider.getLocale()
  const translation = useMemo(() => ({ provider: i18nProvider, locale: current }), [i18nProvider, current])
  const fieldValidators = useMemo(() => createFieldValidatorsLoader(), [])
  const context = useMemo(
    () => ({ registry: NO_SCHEMAS, schemasLoaded: false, http, fieldValidators, branding: undefined, locale: current, changeLocale: i18nProvider.changeLocale, forgetIdentity: () => undefined }),
    [http, fieldValidators, current, i18nProvider],
  )
  return (
    <ConfigProvider locale={localePack(current)?.antd} theme={ANTD_THEMES[mode]}>
      <AntdAppWithFeedback>
        <ConsoleContext.Provider value={context}>
          <TranslateContext.Provider value={translation}>
            <BatchAuthorizationPage />
          </TranslateContext.Provider>
        </ConsoleContext.Provider>
      </AntdAppWithFeedback>
    </ConfigProvider>
  )
}
