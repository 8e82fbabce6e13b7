import { Suspense, useMemo, useState } from 'react'
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router'
import { Authenticated, Refine } from '@refinedev/core'
import type { ConsoleAuthProvider } from './providers/authProvider'
import routerProvider, { CatchAllNavigate, UnsavedChangesNotifier } from '@refinedev/react-router'
import { App as AntdApp, ConfigProvider } from 'antd'
import antdZhCN from 'antd/locale/zh_CN'
import antdEnUS from 'antd/locale/en_US'
import 'antd/dist/reset.css'
import './theme/a11y.css'
import type { Locale, Registry } from '../schema/types'
import type { HttpClient } from './providers/http-client'
import type { ApiErrorChannel } from './providers/api-error-channel'
import type { TokenStore } from './providers/token-store'
import { ApiErrorNotices } from './layout/ApiErrorNotices'
import { createI18nProvider } from './providers/i18nProvider'
import { createDataProvider } from './providers/dataProvider'
import { createAccessControlProvider } from './providers/accessControlProvider'
import { ConsoleContext } from './ConsoleContext'
import { ThemeModeProvider, useThemeMode } from './theme/ThemeMode'
import { ANTD_THEMES } from './theme/antd-theme'
import { useBranding } from './branding/useBranding'
import { ProgressFallback, RouteProgress } from './layout/RouteProgress'
import { SkipLink } from './layout/SkipLink'
import { useNotificationProvider } from './providers/useNotificationProvider'
import { DefaultRoute } from './pages/DefaultRoute'
import { RouteGate } from './pages/RouteGate'
import { PAGES } from './pages/pages'
import { refineResources } from './resources/refine-resources'
import { consoleRoutes, routeOf } from '../schema/route-access'
import { lazyPage, type LazyPage } from './lazy-page'
// Not lazy: it is what the entry file is for before sign-in, and inside it no grouping of
// library files (vite.config.ts) can ever add another page's code to the login page's.
import LoginPage from './pages/LoginPage'

const SignedInLayout = lazyPage(() => import('./layout/SignedInLayout'))
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'))
const ResourceList = lazyPage(() => import('./resources/ResourceList'))
const ResourceCreate = lazyPage(() => import('./resources/ResourceCreate'))
const ResourceEdit = lazyPage(() => import('./resources/ResourceEdit'))
const ResourceShow = lazyPage(() => import('./resources/ResourceShow'))
const RedirectPage = lazyPage(() => import('./pages/RedirectPage'))

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
  if (route?.resource) {
    const rest = path.slice(route.path.length)
    pages.push(rest.startsWith('/create') ? ResourceCreate : rest.startsWith('/edit/') ? ResourceEdit : rest.startsWith('/show/') ? ResourceShow : ResourceList)
  } else if (route?.page && PAGES[route.page]) {
    pages.push(PAGES[route.page]!)
  }
  return Promise.all(pages.map((page) => page.preload()))
}

/**
 * Every call goes out whatever the browser believes about the network. The console talks
 * only to its own server, often on the same machine or intranet, which a browser's
 * "offline" says nothing about; by default a call made then would wait, silently and
 * without end, for an "online" that may never come (sign-out did nothing). A call that
 * really cannot reach the server fails, and says so (spec §8).
 */
const QUERY_CLIENT_CONFIG = { defaultOptions: { queries: { networkMode: 'always' }, mutations: { networkMode: 'always' } } } as const

/** The console: Refine with the schema-driven providers, the layout, and a route per resource page. */
export interface ConsoleAppProps {
  registry: Registry
  http: HttpClient
  authProvider: ConsoleAuthProvider
  /** Failed calls, shown as spec §8 says. */
  apiErrors: ApiErrorChannel
  tokens: TokenStore
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

function Shell({ registry, http, authProvider, apiErrors, tokens }: ConsoleAppProps) {
  const { mode } = useThemeMode()
  const [locale, setLocale] = useState<Locale>()
  const i18nProvider = useMemo(() => createI18nProvider(localStorage, setLocale), [])
  const current = locale ?? i18nProvider.getLocale()
  const dataProvider = useMemo(() => createDataProvider(registry, http), [registry, http])
  const accessControlProvider = useMemo(
    () => createAccessControlProvider(registry, async () => ((await authProvider.getPermissions!()) as never) ?? null),
    [registry, authProvider],
  )
  const branding = useBranding(http)
  const resources = useMemo(() => refineResources(registry, current), [registry, current])
  const routes = useMemo(() => consoleRoutes(registry), [registry])
  const endpointsOf = (resource: string) => registry.resources.get(resource)!.endpoints
  const context = useMemo(
    () => ({ registry, http, branding, locale: current, changeLocale: i18nProvider.changeLocale, forgetIdentity: authProvider.forgetIdentity }),
    [registry, http, branding, current, i18nProvider, authProvider],
  )

  return (
    <ConfigProvider locale={current === 'zh-CN' ? antdZhCN : antdEnUS} theme={ANTD_THEMES[mode]}>
      <AntdApp>
        <ConsoleContext.Provider value={context}>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{ disableTelemetry: true, syncWithLocation: true, warnWhenUnsavedChanges: true, title: { text: branding?.name }, reactQuery: { clientConfig: QUERY_CLIENT_CONFIG } }}
          >
            <SkipLink />
            <RouteProgress />
            <ApiErrorNotices channel={apiErrors} tokens={tokens} />
            <Suspense fallback={<ProgressFallback />}>
              <Routes>
                <Route
                  element={
                    <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />}>
                      <SignedInLayout />
                    </Authenticated>
                  }
                >
                  <Route index element={<DefaultRoute />} />
                  {routes.map((r) => {
                    const Page = r.page ? PAGES[r.page] : undefined
                    return (
                      <Route key={r.path} path={r.path} element={<RouteGate path={r.path} />}>
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
                      <DefaultRoute />
                    </Authenticated>
                  }
                >
                  <Route path="/login" element={<LoginPage />} />
                </Route>
              </Routes>
            </Suspense>
            <UnsavedChangesNotifier />
          </Refine>
        </ConsoleContext.Provider>
      </AntdApp>
    </ConfigProvider>
  )
}
