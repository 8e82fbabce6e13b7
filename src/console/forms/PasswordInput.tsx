import { useState, type MouseEvent } from 'react'
import { Input } from 'antd'
import type { PasswordProps } from 'antd/es/input'
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons'
import { useTranslate } from '../i18n/translate'

/**
 * antd's password input with its eye as a real button: antd's eye is a bare icon, which a
 * keyboard cannot reach and a screen reader does not name. The button keeps its click to
 * itself: antd's input box focuses its input on any click inside it, which took the focus
 * off the button each time a key pressed it. A mouse press still leaves focus in the input.
 */
export function PasswordInput(props: PasswordProps) {
  const t = useTranslate()
  const [visible, setVisible] = useState(false)
  const toggle = (event: MouseEvent) => {
    event.stopPropagation()
    setVisible((shown) => !shown)
  }
  return (
    <Input.Password
      {...props}
      visibilityToggle={{ visible, onVisibleChange: setVisible }}
      iconRender={(shown) => (
        <span>
          <button type="button" aria-label={t('password.show')} aria-pressed={shown} onClick={toggle}>
            {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          </button>
        </span>
      )}
    />
  )
}
