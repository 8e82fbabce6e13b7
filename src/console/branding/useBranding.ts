import { useEffect, useState } from 'react'
import type { HttpClient } from '../providers/http-client'
import type { PlatformGetSystemInfoResponse } from '../../generated/types'

/** What get_system_info answers: the type codegen derives from its endpoint file. */
export type Branding = PlatformGetSystemInfoResponse

declare global {
  interface Window {
    /** get_system_info's envelope as index.html asked for it before any script loaded; null if that failed. */
    consoleBranding?: Promise<{ code?: number; data?: Branding } | null>
  }
}

/**
 * The branding index.html asked for (see there), once: anything but a plain success is
 * undefined, and useBranding asks again, properly, so a failure is shown as any other.
 */
export async function takeEarlyBranding(): Promise<Branding | undefined> {
  const early = window.consoleBranding
  window.consoleBranding = undefined
  const body = await early?.catch(() => null)
  return body?.code === 1 && body.data ? body.data : undefined
}

/**
 * The site's branding from get_system_info for this origin's host, fetched before
 * sign-in so the login page is branded; sets the page title and the tab icon. Given the
 * branding already (from the early request, or from the login page the console follows),
 * it shows that in the first render and asks nothing.
 */
export function useBranding(http: HttpClient, initial?: Branding): Branding | undefined {
  const [branding, setBranding] = useState<Branding | undefined>(initial)
  useEffect(() => {
    if (initial) {
      showInTab(initial)
      return
    }
    let live = true
    http
      .request<Branding>({ method: 'GET', path: '/platform/get_system_info', query: { domain: window.location.host } })
      .then((b) => {
        if (!live) return
        setBranding(b)
        showInTab(b)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [http, initial])
  return branding
}

function showInTab(branding: Branding): void {
  document.title = branding.name
  if (branding.logo) setFavicon(branding.logo)
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
