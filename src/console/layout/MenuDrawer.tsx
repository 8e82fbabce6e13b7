import { useRef } from 'react'
import { Drawer, Menu } from 'antd'
import { useTranslate } from '../i18n/translate'
import { useMenuItems } from './ConsoleSider'
import { ConsoleTitle } from './ConsoleTitle'
import { CONTENT_ID } from './SkipLink'
import { focusPageHeading } from './useFocusPageOnNavigate'

/** The menu on a phone (useCompactLayout): a drawer from the left, closed as soon as a page is chosen. */
export function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslate()
  const { items, selected, open: openGroups } = useMenuItems()
  const chosen = useRef(false)
  const choose = () => {
    chosen.current = true
    onClose()
  }
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      width={280}
      rootClassName="menu-drawer"
      // The site's name links home, which is choosing a page too.
      title={<div onClick={choose} style={{ minWidth: 0 }}><ConsoleTitle /></div>}
      styles={{ body: { padding: 0 } }}
      afterOpenChange={(visible) => {
        if (visible || !chosen.current) return
        chosen.current = false
        // Closed, the drawer gives focus back to the button that opened it, just after this; the chosen page's heading should have it.
        setTimeout(() => {
          const content = document.getElementById(CONTENT_ID)
          if (content) focusPageHeading(content)
        })
      }}
    >
      <nav aria-label={t('menu.label')}>
        <Menu mode="inline" items={items} selectedKeys={selected ? [selected] : []} defaultOpenKeys={openGroups} key={openGroups.join()} onClick={choose} style={{ border: 'none' }} />
      </nav>
    </Drawer>
  )
}
