import { startTransition, StrictMode } from 'react'
import { createAuthProvider } from './providers/authProvider'
import { takeEarlyBranding, type Branding } from './branding/useBranding'
import { showStartFailure, type Boot } from './boot'
import { LoginApp } from './LoginApp'
import type { Registry } from '../schema/types'
import { LOGIN_ENDPOINTS } from './login-endpoints'

const BRANDING_WAIT_MS = 1000

/**
 * The login page a signed-out visitor opens, without the console: it shows as soon as its own
 * code and styles are in, branded if the branding index.html asked for has come by then. The
 * schema files of its endpoints (for the dialogs and the agreements' names) load once it has
 * shown, and the console's whole set with the sign-in; the console's
 * code is fetched ahead while the page is idle, and runs once someone has signed in.
 */
export function showLoginPage(boot: Boot): void {
  const authProvider = createAuthProvider({ http: boot.http, tokens: boot.tokens })
  let registry: Promise<Registry> | undefined
  // The code that assembles them comes with them, after the page has shown; the page asks only for its own endpoints' files.
  const loadSchemas = () => (registry ??= import('./load-registry').then(({ loadRegistry }) => loadRegistry(boot.http, { endpoints: Object.values(LOGIN_ENDPOINTS) })))

  // Refine's useLogin goes where the address's `to` says, else where the sign-in answered; so does this.
  const openConsole = async (redirectTo: string | undefined, branding: Branding | undefined) => {
    try {
      // All of the console's files, asked for while its code loads.
      const whole = import('./load-registry').then(({ loadRegistry }) => loadRegistry(boot.http))
      const { startConsole } = await import('./console-start')
      await startConsole(boot, { registry: whole, branding, at: new URLSearchParams(window.location.search).get('to') ?? redirectTo ?? '/' })
    } catch (error) {
      showStartFailure(error as Error)
    }
  }

  // Shown in the first render, nothing moves when it comes; asked for with the page's files, it is mostly in before them.
  // A slow answer holds the page back a second at most, and then shows as it comes.
  const brandingOrLater = Promise.race([takeEarlyBranding(), boot.antdStyles.then(() => new Promise<undefined>((resolve) => setTimeout(resolve, BRANDING_WAIT_MS)))])
  void Promise.all([brandingOrLater, boot.antdStyles, boot.locale]).then(([branding]) =>
    // A transition: React renders it in slices, between which the browser can take input and paint, not in one long task.
    startTransition(() =>
      boot.root.render(
        <StrictMode>
          <LoginApp {...boot} authProvider={authProvider} branding={branding} loadSchemas={loadSchemas} onSignedIn={openConsole} />
        </StrictMode>,
      ),
    ),
  )
}
