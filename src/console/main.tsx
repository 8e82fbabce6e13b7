import 'antd/dist/reset.css'
import './theme/a11y.css'
import './theme/opening.css'
import { createRoot } from 'react-dom/client'
import { createTokenStore } from './providers/token-store'
import { createHttpClient } from './providers/http-client'
import { LOCALE_KEY, normalizeLocale } from './providers/i18nProvider'
import { createApiErrorChannel } from './providers/api-error-channel'
import { antdStaticCssLoaded } from './theme/antd-static-css'
import { loadLocale } from './i18n/locale-packs'
import { showStartFailure, type Boot } from './boot'
import { showLoginPage } from './login-start'

const tokens = createTokenStore()
const apiErrors = createApiErrorChannel()
const boot: Boot = {
  root: createRoot(document.getElementById('root')!),
  tokens,
  apiErrors,
  http: createHttpClient({ tokens, locale: () => normalizeLocale(localStorage.getItem(LOCALE_KEY)), onError: apiErrors.emit }),
  antdStyles: antdStaticCssLoaded(),
  locale: loadLocale(normalizeLocale(localStorage.getItem(LOCALE_KEY))),
}

// index.html chose, and started loading what the choice needs. Signed out on the login page, that page
// is all there is to show: this file holds it, without the console (Refine, its pages), which follows
// the sign-in. A merchant's authorization link opens its own small page. Anywhere else the console starts at once.
if (window.consoleStart === 'login') showLoginPage(boot)
else if (window.consoleStart === 'authorization') import('./batch-authorization/start').then(({ showBatchAuthorization }) => showBatchAuthorization(boot), showStartFailure)
else import('./console-start').then(({ startConsole }) => startConsole(boot), showStartFailure)
