import { App, Button, Drawer, Flex, InputNumber, Space, Switch, Typography } from 'antd'
import { useTranslate } from '../i18n/translate'
import { useAppSettings, type AppSettings } from './AppSettings'

type Toggle = Exclude<keyof AppSettings, 'menuWidth' | 'menuCollapse'>
const CONTENT: Toggle[] = ['navbar', 'menu', 'topMenu', 'footer', 'tabBar', 'menuFromServer']

/** Spec §2's settings drawer (width 300): layout toggles, menu width, colour-weak mode, copy and close. */
export function SettingsDrawer() {
  const t = useTranslate()
  const { message } = App.useApp()
  const { settings, update, drawerOpen, setDrawerOpen } = useAppSettings()

  const row = (key: Toggle) => (
    <Flex key={key} justify="space-between" align="center" style={{ padding: '6px 0' }}>
      <Typography.Text>{t(`settings.${key}`)}</Typography.Text>
      <Switch size="small" aria-label={t(`settings.${key}`)} checked={settings[key]} onChange={(on) => update({ [key]: on })} />
    </Flex>
  )

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(settings, null, 2))
      void message.success(t('settings.copied'))
    } catch {
      void message.error(t('settings.copyFailed'))
    }
  }

  return (
    <Drawer
      width={300}
      title={t('settings.title')}
      open={drawerOpen}
      onClose={() => setDrawerOpen(false)}
      footer={
        <Space>
          <Button onClick={copy}>{t('settings.copy')}</Button>
          <Button type="primary" onClick={() => setDrawerOpen(false)}>
            {t('settings.close')}
          </Button>
        </Space>
      }
    >
      <Typography.Title level={5}>{t('settings.content')}</Typography.Title>
      {CONTENT.map(row)}
      <Flex justify="space-between" align="center" style={{ padding: '6px 0' }}>
        <Typography.Text>{t('settings.menuWidth')}</Typography.Text>
        <InputNumber
          size="small"
          aria-label={t('settings.menuWidth')}
          style={{ width: 80 }}
          min={160}
          max={400}
          step={10}
          value={settings.menuWidth}
          onChange={(width) => typeof width === 'number' && update({ menuWidth: width })}
        />
      </Flex>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('settings.other')}
      </Typography.Title>
      {row('colorWeak')}
    </Drawer>
  )
}
