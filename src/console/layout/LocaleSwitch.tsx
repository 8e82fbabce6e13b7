import { App, Button, Dropdown } from 'antd'
import { TranslationOutlined } from '@ant-design/icons'
import { useTranslate } from '@refinedev/core'
import { LOCALES, messageIn } from '../providers/i18nProvider'
import { useConsole } from '../ConsoleContext'

const NAMES = { 'zh-CN': '简体中文', 'en-US': 'English' } as const

/** Switches between zh-CN and en-US; the choice is stored and confirmed with a message (spec §4). */
export function LocaleSwitch() {
  const { locale, changeLocale } = useConsole()
  const { message } = App.useApp()
  const t = useTranslate()
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [locale],
        items: LOCALES.map((l) => ({ key: l, label: NAMES[l] })),
        onClick: ({ key }) => {
          changeLocale(key as typeof locale)
          // Said in the new language: this render's translate still speaks the old one.
          void message.success(messageIn(key as typeof locale, 'locale.switched'))
        },
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('locale.name')}>
        {NAMES[locale]}
      </Button>
    </Dropdown>
  )
}
