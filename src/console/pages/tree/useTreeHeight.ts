import { useCallback, useEffect, useLayoutEffect, useState } from 'react'

/** Room left under the tree: the card's padding, the content's margin and the footer. */
const BELOW = 104
const MIN_HEIGHT = 240

/**
 * The height a virtual tree gets: from where it starts to the bottom of the window, so the
 * page itself does not scroll and the tree draws only the rows in sight. Give the returned
 * ref to the element the tree sits in. Measured after every render and on resize, since the
 * layout above it (navbar, tab bar) settles after the page first mounts.
 */
export function useTreeHeight(): [number, (element: HTMLElement | null) => void] {
  const [element, setElement] = useState<HTMLElement | null>(null)
  const [height, setHeight] = useState(MIN_HEIGHT)
  const measure = useCallback(() => {
    if (element) setHeight(Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - (element.getBoundingClientRect().top + window.scrollY) - BELOW)))
  }, [element])
  useLayoutEffect(measure)
  useEffect(() => {
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [measure])
  return [height, useCallback((el: HTMLElement | null) => setElement(el), [])]
}
