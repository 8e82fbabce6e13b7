import { FloatButton } from 'antd'
import { MenuOutlined, SettingOutlined } from '@ant-design/icons'
import { useTranslate } from '../i18n/translate'

/** Without the navbar, the ways to the settings (spec §2) and, on a phone, to the menu. */
export default function FloatButtons({ openSettings, openMenu }: { openSettings: () => void; openMenu: (() => void) | undefined }) {
  const t = useTranslate()
  return (
    <>
      <FloatButton icon={<SettingOutlined />} tooltip={t('settings.title')} aria-label={t('settings.title')} onClick={openSettings} />
      {openMenu && <FloatButton icon={<MenuOutlined />} aria-label={t('menu.open')} onClick={openMenu} style={{ insetBlockEnd: 104 }} />}
    </>
  )
}
