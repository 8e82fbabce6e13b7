import { Suspense, useMemo, useState } from 'react'
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router'
import { Authenticated, Refine, useLogout } from '@refinedev/core'
import type { ConsoleAuthProvider } from './providers/authProvider'
import { CatchAllNavigate, UnsavedChangesNotifier } from '@refinedev/react-router'
import { routerProvider } from './providers/routerProvider'
import { DeferredMount } from './layout/DeferredMount'
import { ConfigProvider } from 'antd'
import { AntdAppWithFeedback } from './feedback/AntdAppWithFeedback'
import type { Locale, Registry } from '../schema/types'
import type { FirstPageCache } from './resources/first-page'
import type { QueryClient } from '@tanstack/react-query'
import type { HttpClient } from './providers/http-client'
import type { ApiErrorChannel } from './providers/api-error-channel'
import type { TokenStore } from './providers/token-store'
import { ApiErrorNotices } from './layout/ApiErrorNotices'
import { localePack } from './i18n/locale-packs'
import { createI18nProvider } from './providers/i18nProvider'
import { TranslateContext } from './i18n/translate'
import { createDataProvider } from './providers/dataProvider'
import { createLiveProvider } from './providers/liveProvider'
import { liveStreams } from './providers/live-streams'
import { createAccessControlProvider } from './providers/accessControlProvider'
import { ConsoleContext } from './ConsoleContext'
import { ThemeModeProvider, useThemeMode } from './theme/ThemeMode'
import { ANTD_THEMES } from './theme/antd-theme'
import { useBranding, type Branding } from './branding/useBranding'
import { ProgressFallback, RouteProgress } from './layout/RouteProgress'
import { SkipLink } from './layout/SkipLink'
import { useNotificationProvider } from './providers/useNotificationProvider'
import { DefaultRoute } from './pages/DefaultRoute'
import { RouteGate } from './pages/RouteGate'
import { PAGES } from './pages/pages'
import { refineResources } from './resources/refine-resources'
import { preloadListCode } from './resources/list-code'
import { consoleRoutes, routeOf } from '../schema/route-access'
import { assembleRegistry } from '../schema/registry-core'
import { createFieldValidatorsLoader } from './forms/field-validators'
import { lazyPage, type LazyPage } from './lazy-page'
import { RefineSignIn } from './RefineSignIn'
// Not lazy: the login page a signed-out visitor opens first is LoginApp's, in the entry file;
// this one shows after a sign-out, or for a page that needs a sign-in first.
import LoginPage from './pages/LoginPage'

// The frame, with the code of what its first render shows (preloadFrame).
const SignedInLayout = lazyPage(async () => {
  const frame = await import('./layout/SignedInLayout')
  await frame.preloadFrame()
  return { default: frame.default }
})
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'))
const ResourceList = lazyPage(() => import('./resources/ResourceList'))
const ResourceCreate = lazyPage(() => import('./resources/ResourceCreate'))
const ResourceEdit = lazyPage(() => import('./resources/ResourceEdit'))
const ResourceShow = lazyPage(() => import('./resources/ResourceShow'))
const RedirectPage = lazyPage(() => import('./pages/RedirectPage'))

/**
 * Resource names are written for people in both locales (schemas/resources): Refine's buttons
 * show them as written, not humanised and pluralised ("Brand / domain lists").
 */
const AS_WRITTEN = { humanize: (text: string) => text, plural: (text: string) => text, singular: (text: string) => text }

/**
 * The code of the page a full load lands on, fetched before the first render, so that no
 * page on the way suspends (see lazyPage). Signed out, there is none to fetch: the login
 * page is part of the entry file.
 */
export function preloadFirstPage(registry: Registry, pathname: string, signedIn: boolean): Promise<unknown> {
  if (!signedIn) return Promise.resolve()
  const path = pathname.replace(/\/+$/, '')
  const route = routeOf(consoleRoutes(registry), path)
  const pages: Pick<LazyPage, 'preload'>[] = [SignedInLayout]
  const extras: Promise<unknown>[] = []
  if (route?.resource) {
    const rest = path.slice(route.path.length)
    const page = rest.startsWith('/create') ? ResourceCreate : rest.startsWith('/edit/') ? ResourceEdit : rest.startsWith('/show/') ? ResourceShow : ResourceList
    pages.push(page)
    if (page === ResourceList) extras.push(preloadListCode(registry, route.resource))
  } else if (route?.page && PAGES[route.page]) {
    pages.push(PAGES[route.page]!)
  }
  return Promise.all([...pages.map((page) => page.preload()), ...extras])
}

/**
 * The signed-in frame and the list page, the code nearly every visit needs, fetched while the
 * schema files load. Through lazyPage, so that a list opened later from the menu renders at
 * once instead of suspending on code that is already here.
 */
export function preloadSignedInCode(): Promise<unknown> {
  return Promise.all([SignedInLayout.preload(), ResourceList.preload()])
}

/** The console: Refine with the schema-driven providers, the layout, and a route per resource page. */
export interface ConsoleAppProps {
  /** Undefined while the schema files load: signed out, the login page is shown and works without them. */
  registry: Registry | undefined
  http: HttpClient
  authProvider: ConsoleAuthProvider
  /** Failed calls, shown as spec §8 says. */
  apiErrors: ApiErrorChannel
  tokens: TokenStore
  /** The query cache (providers/query-client), which signing out empties. */
  queryClient: QueryClient
  /** The list page prefetched at start, if any (resources/first-page). */
  firstPage: FirstPageCache
  /** The site's branding if known already (asked for by index.html, or shown by the login page before the sign-in). */
  branding?: Branding
}

export function ConsoleApp(props: ConsoleAppProps) {
  return (
    <ThemeModeProvider>
      <BrowserRouter>
        <Shell {...props} />
      </BrowserRouter>
    </ThemeModeProvider>
  )
}

function Shell({ registry: loaded, http, authProvider, apiErrors, tokens, queryClient, firstPage, branding: knownBranding }: ConsoleAppProps) {
  // The same tree with no screens until the files arrive, so the login page keeps what was typed when they do.
  const registry = useMemo(() => loaded ?? assembleRegistry([]).registry, [loaded])
  const schemasLoaded = loaded !== undefined
  const { mode } = useThemeMode()
  const [locale, setLocale] = useState<Locale>()
  const i18nProvider = useMemo(() => createI18nProvider(localStorage, setLocale), [])
  const current = locale ?? i18nProvider.getLocale()
  const translation = useMemo(() => ({ provider: i18nProvider, locale: current }), [i18nProvider, current])
  const dataProvider = useMemo(() => createDataProvider(registry, http, { firstPage }), [registry, http, firstPage])
  // With liveMode "auto", a list or detail page of a resource that has a stream (tasks) reads
  // again when its records change; every other resource has none and is read as before.
  const liveProvider = useMemo(() => createLiveProvider({ streams: liveStreams(registry, http) }), [registry, http])
  const accessControlProvider = useMemo(
    () => createAccessControlProvider(registry, async () => ((await authProvider.getPermissions!()) as never) ?? null),
    [registry, authProvider],
  )
  const branding = useBranding(http, knownBranding)
  const resources = useMemo(() => refineResources(registry, current), [registry, current])
  const routes = useMemo(() => consoleRoutes(registry), [registry])
  const endpointsOf = (resource: string) => registry.resources.get(resource)!.endpoints
  const fieldValidators = useMemo(() => createFieldValidatorsLoader(), [])
  const context = useMemo(
    () => ({ registry, schemasLoaded, http, fieldValidators, branding, locale: current, changeLocale: i18nProvider.changeLocale, forgetIdentity: authProvider.forgetIdentity, firstPage }),
    [registry, schemasLoaded, http, fieldValidators, branding, current, i18nProvider, authProvider, firstPage],
  )

  return (
    <ConfigProvider locale={localePack(current)?.antd} theme={ANTD_THEMES[mode]}>
      <AntdAppWithFeedback>
        <ConsoleContext.Provider value={context}>
          <TranslateContext.Provider value={translation}>
            <Refine
              routerProvider={routerProvider}
              dataProvider={dataProvider}
              liveProvider={liveProvider}
              authProvider={authProvider}
              accessControlProvider={accessControlProvider}
              i18nProvider={i18nProvider}
              notificationProvider={useNotificationProvider}
              resources={resources}
              options={{ disableTelemetry: true, liveMode: 'auto', syncWithLocation: true, warnWhenUnsavedChanges: true, title: { text: branding?.name }, reactQuery: { clientConfig: queryClient }, textTransformers: AS_WRITTEN }}
            >
              <RefineSignIn>
                <SkipLink />
                <RouteProgress />
                <RefineApiErrorNotices channel={apiErrors} tokens={tokens} />
                <Suspense fallback={<ProgressFallback />}>
                  <Routes>
                    <Route
                      element={
                        <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />}>
                          {/* Signed in before the files arrived: the page to show is built from them. */}
                          {schemasLoaded ? (
                            <DeferredMount fallback={<ProgressFallback />}>
                              <SignedInLayout />
                            </DeferredMount>
                          ) : (
                            <ProgressFallback />
                          )}
                        </Authenticated>
                      }
                    >
                      <Route index element={<DefaultRoute />} />
                      {routes.map((r) => {
                        const Page = r.page ? PAGES[r.page] : undefined
                        return (
                          // Keyed by route: React would otherwise keep one page's component (and its list's
                          // sort, filters and page) for the next route that renders the same one.
                          <Route key={r.path} path={r.path} element={<RouteGate key={r.path} path={r.path} />}>
                            {r.resource ? (
                              <>
                                <Route index element={<ResourceList resource={r.resource} />} />
                                {/* A page whose endpoint the resource file does not name does not exist (not found). */}
                                {endpointsOf(r.resource).create ? <Route path="create" element={<ResourceCreate resource={r.resource} />} /> : null}
                                {endpointsOf(r.resource).update ? <Route path="edit/:id" element={<ResourceEdit resource={r.resource} />} /> : null}
                                {endpointsOf(r.resource).get ? <Route path="show/:id" element={<ResourceShow resource={r.resource} />} /> : null}
                              </>
                            ) : (
                              <Route index element={Page ? <Page /> : <NotFoundPage />} />
                            )}
                          </Route>
                        )
                      })}
                      {/* A group's own path opens its declared redirect, else its first route. */}
                      {registry.navigation.groups.map((g) => {
                        const target = g.redirect ?? routes.find((r) => r.group === g.name)?.path
                        return target ? <Route key={g.path} path={g.path} element={<Navigate to={target} replace />} /> : null
                      })}
                      <Route path="/redirect/*" element={<RedirectPage />} />
                      <Route path="*" element={<NotFoundPage />} />
                    </Route>
                    <Route
                      element={
                        <Authenticated key="login" fallback={<Outlet />}>
                          {schemasLoaded ? <DefaultRoute /> : <ProgressFallback />}
                        </Authenticated>
                      }
                    >
                      <Route path="/login" element={<LoginPage />} />
                    </Route>
                  </Routes>
                </Suspense>
                <UnsavedChangesNotifier />
              </RefineSignIn>
            </Refine>
          </TranslateContext.Provider>
        </ConsoleContext.Provider>
      </AntdAppWithFeedback>
    </ConfigProvider>
  )
}

/** The notices of failed calls, signing out with Refine's hook, which refreshes its view of the account. */
function RefineApiErrorNotices(props: { channel: ApiErrorChannel; tokens: TokenStore }) {
  const { mutateAsync: logout } = useLogout()
  return <ApiErrorNotices {...props} logout={logout} />
}
