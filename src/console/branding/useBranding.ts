import { useEffect, useState } from 'react'
import type { HttpClient } from '../providers/http-client'
import type { PlatformGetSystemInfoResponse } from '../../generated/types'

/** What get_system_info answers: the type codegen derives from its endpoint file. */
export type Branding = PlatformGetSystemInfoResponse

/**
 * The site's branding from get_system_info for this origin's host, fetched before
 * sign-in so the login page is branded; sets the page title and the tab icon.
 */
export function useBranding(http: HttpClient): Branding | undefined {
  const [branding, setBranding] = useState<Branding>()
  useEffect(() => {
    let live = true
    http
      .request<Branding>({ method: 'GET', path: '/platform/get_system_info', query: { domain: window.location.host } })
      .then((b) => {
        if (!live) return
        setBranding(b)
        document.title = b.name
        if (b.logo) setFavicon(b.logo)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [http])
  return branding
}

function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]')
  if (!link) {
    link = document.createElement('link')
    link.rel = 'icon'
    document.head.appendChild(link)
  }
  link.href = href
}
