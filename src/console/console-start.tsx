import { StrictMode } from 'react'
import { keys } from '@refinedev/core'
import { createAuthProvider, type Identity } from './providers/authProvider'
import { loadRegistry } from './load-registry'
import { ConsoleApp, preloadFirstPage, preloadSignedInCode } from './ConsoleApp'
import { antdRestStylesLoaded } from './theme/antd-static-css'
import { createDataProvider } from './providers/dataProvider'
import { createFirstPageCache } from './resources/first-page'
import { createQueryClient } from './providers/query-client'
import { showStartFailure, type Boot } from './boot'
import { takeEarlyBranding, type Branding } from './branding/useBranding'
import type { Registry } from '../schema/types'

export interface ConsoleStartOptions {
  /** The schema files' registry, on its way already (the login page asked for it). */
  registry?: Promise<Registry>
  /** The site's branding, if the login page has it. */
  branding?: Branding
  /** Where to open the console, if not at the page's address: the address changes to it as the console shows. */
  at?: string
}

/**
 * Renders the console at the page's address: at a full load, or once the login page opened
 * first has signed someone in. Settles once it has rendered, or said it could not load.
 */
export function startConsole({ root, tokens, http, apiErrors, antdStyles, locale }: Boot, options: ConsoleStartOptions = {}): Promise<void> {
  const queryClient = createQueryClient()
  const authProvider = createAuthProvider({ http, tokens, forgetAccount: () => queryClient.clear() })
  const firstPage = createFirstPageCache()
  // The console shows components the login page's part of antd's styles lacks; and speaks the stored locale.
  const styles = Promise.all([antdStyles, antdRestStylesLoaded(), locale])

  // Asked for by index.html with the console's files, it is mostly in before they are.
  const branding = options.branding ? Promise.resolve(options.branding) : takeEarlyBranding()
  const location = options.at ? new URL(options.at, window.location.href) : window.location
  const show = (registry: Registry | undefined, known: Branding | undefined) => {
    if (options.at) window.history.replaceState(null, '', options.at)
    root.render(
      <StrictMode>
        <ConsoleApp registry={registry} http={http} authProvider={authProvider} apiErrors={apiErrors} tokens={tokens} queryClient={queryClient} firstPage={firstPage} branding={known} />
      </StrictMode>,
    )
  }

  // Signed in already: fetch the profile and the signed-in page code while the schema files load,
  // instead of one after the other once the app has rendered. Signed out (a page that needs a
  // sign-in), the login page is all there is to show, and it needs none of the schema files
  // (~230 KB, the largest request of a first visit): it shows and works at once, and the screens follow the files.
  const signedInAtStart = Boolean(tokens.read())
  const identity: Promise<Identity | null> = signedInAtStart ? (authProvider.getIdentity!() as Promise<Identity | null>).catch(() => null) : Promise.resolve(null)
  if (signedInAtStart) {
    // A failure here is not fatal: a page asks for its code again as it renders, and says so if that fails.
    preloadSignedInCode().catch(() => undefined)
  } else {
    void Promise.all([branding, styles]).then(([known]) => show(undefined, known))
  }

  const registryLoaded = (options.registry ?? loadRegistry(http)).then(async (registry) => {
    const signedIn = Boolean(tokens.read())
    // Failing to fetch the page's code here is not fatal: the page asks again when it renders, and says so if it fails.
    const pageCode = preloadFirstPage(registry, location.pathname, signedIn).catch(() => undefined)
    // The page waits for the profile anyway (its route guard needs the role), so waiting here costs nothing.
    const profile = await identity
    // Refine's hook finds it at the first render: the header shows the account, and the page its guard lets
    // through, in the layout's first frame, rather than a frame later with everything below moved. Not for an
    // overstep opening (authProvider's check), whose first check signs in as another account.
    const overstepping = new URLSearchParams(location.search).get('login_type') === '1' && !tokens.hasOverstepToken()
    if (profile && !overstepping) queryClient.setQueryData(keys().auth().action('identity').get(), profile)
    if (profile) firstPage.prefetch(registry, createDataProvider(registry, http), location, profile.role)
    await pageCode
    return registry
  })

  return Promise.all([registryLoaded, branding, styles]).then(([registry, known]) => show(registry, known), showStartFailure)
}
