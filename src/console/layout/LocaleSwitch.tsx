import { App, Segmented } from 'antd'
import { useTranslate } from '@refinedev/core'
import type { Locale } from '../../schema/types'
import { LOCALES, messageIn } from '../providers/i18nProvider'
import { useConsole } from '../ConsoleContext'

const NAMES: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'EN' }

/** Switches between zh-CN and en-US; the choice is stored and confirmed with a message (spec §4). */
export function LocaleSwitch() {
  const { locale, changeLocale } = useConsole()
  const { message } = App.useApp()
  const t = useTranslate()
  return (
    <Segmented<Locale>
      aria-label={t('locale.name')}
      size="small"
      value={locale}
      options={LOCALES.map((l) => ({ value: l, label: NAMES[l] }))}
      onChange={(next) => {
        changeLocale(next)
        // Said in the new language: this render's translate still speaks the old one.
        void message.success(messageIn(next, 'locale.switched'))
      }}
    />
  )
}
