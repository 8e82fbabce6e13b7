import type { MouseEvent } from 'react'
import { useTranslate } from '../i18n/translate'

/** The element SkipLink moves focus to: the page's content, past the menu and header. */
export const CONTENT_ID = 'main-content'

/**
 * "Skip to content", the first Tab stop of the page, seen once it has focus. It focuses the
 * content itself instead of following its #fragment, which the router would take for a new
 * address.
 */
export function SkipLink() {
  const t = useTranslate()
  const skip = (event: MouseEvent) => {
    event.preventDefault()
    document.getElementById(CONTENT_ID)?.focus()
  }
  return (
    <a className="skip-link" href={`#${CONTENT_ID}`} onClick={skip}>
      {t('a11y.skipToContent')}
    </a>
  )
}
