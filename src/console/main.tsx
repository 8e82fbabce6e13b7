import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createTokenStore } from './providers/token-store'
import { createHttpClient } from './providers/http-client'
import { LOCALE_KEY, normalizeLocale } from './providers/i18nProvider'
import { createAuthProvider, type Identity } from './providers/authProvider'
import { loadRegistry } from './load-registry'
import { ConsoleApp, preloadFirstPage } from './ConsoleApp'
import { antdStaticCssLoaded } from './theme/antd-static-css'
import { createDataProvider } from './providers/dataProvider'
import { createFirstPageCache } from './resources/first-page'
import { createApiErrorChannel } from './providers/api-error-channel'
import { createQueryClient } from './providers/query-client'
import type { Registry } from '../schema/types'

const root = createRoot(document.getElementById('root')!)
const tokens = createTokenStore()
const apiErrors = createApiErrorChannel()
const http = createHttpClient({ tokens, locale: () => normalizeLocale(localStorage.getItem(LOCALE_KEY)), onError: apiErrors.emit })
const queryClient = createQueryClient()
const authProvider = createAuthProvider({ http, tokens, forgetAccount: () => queryClient.clear() })

const antdStyles = antdStaticCssLoaded()
const firstPage = createFirstPageCache()

const show = (registry: Registry | undefined) =>
  root.render(
    <StrictMode>
      <ConsoleApp registry={registry} http={http} authProvider={authProvider} apiErrors={apiErrors} tokens={tokens} queryClient={queryClient} firstPage={firstPage} />
    </StrictMode>,
  )

// Signed in already: fetch the profile and the signed-in page code while the schema files load,
// instead of one after the other once the app has rendered. Signed out, the login page is all
// there is to show, and it needs none of the schema files (~230 KB, the largest request of a
// first visit): it shows and works at once, and the screens follow the files.
const signedInAtStart = Boolean(tokens.read())
const identity: Promise<Identity | null> = signedInAtStart ? (authProvider.getIdentity!() as Promise<Identity | null>).catch(() => null) : Promise.resolve(null)
if (signedInAtStart) {
  void import('./layout/SignedInLayout')
  void import('./resources/ResourceList')
} else {
  void antdStyles.then(() => show(undefined))
}

const registryLoaded = loadRegistry(http).then(async (registry) => {
  const signedIn = Boolean(tokens.read())
  // Failing to fetch the page's code here is not fatal: the page asks again when it renders, and says so if it fails.
  const pageCode = preloadFirstPage(registry, window.location.pathname, signedIn).catch(() => undefined)
  // The page waits for the profile anyway (its route guard needs the role), so waiting here costs nothing.
  const role = (await identity)?.role
  if (role) firstPage.prefetch(registry, createDataProvider(registry, http), window.location, role)
  await pageCode
  return registry
})

Promise.all([registryLoaded, antdStyles]).then(
  ([registry]) => show(registry),
  (error: Error) => {
    // Before the app (and its translations) exists: say it plainly in both languages.
    const box = document.createElement('pre')
    box.style.cssText = 'margin:48px auto;max-width:720px;white-space:pre-wrap;font:14px/1.6 system-ui,sans-serif;color:#c00'
    box.textContent = `控制台无法加载 / The console could not load:\n${error.message}\n\n请刷新重试 / Reload to try again.`
    document.getElementById('root')!.replaceWith(box)
  },
)
