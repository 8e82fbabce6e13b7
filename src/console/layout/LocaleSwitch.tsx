import { Segmented } from 'antd'
import { useWithApp } from '../feedback/app-feedback'
import { useTranslate } from '../i18n/translate'
import type { Locale } from '../../schema/types'
import { LOCALES, messageIn } from '../providers/i18nProvider'
import { useConsole } from '../ConsoleContext'

/** Each locale as the switch names it, in its own language. */
export const LOCALE_NAMES: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'EN' }

/** Changes the locale, stored, and says so in the new one (spec §4). */
export function useSwitchLocale(): (next: Locale) => void {
  const { changeLocale } = useConsole()
  const withApp = useWithApp()
  return (next) => {
    // Said in the new language, once its words are here: this render's translate still speaks the old one.
    void changeLocale(next).then(() => withApp(({ message }) => void message.success(messageIn(next, 'locale.switched'))))
  }
}

/** Switches between zh-CN and en-US. */
export function LocaleSwitch() {
  const { locale } = useConsole()
  const switchLocale = useSwitchLocale()
  const t = useTranslate()
  return (
    <Segmented<Locale>
      aria-label={t('locale.name')}
      size="small"
      value={locale}
      options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
      onChange={switchLocale}
    />
  )
}
