/**
 * Generated from schemas/ by `npm run codegen`. Do not edit by hand: change the schema files and run it again;
 * `npm run codegen -- --check` fails while this file is stale.
 *
 * The typed API client: one function per file in schemas/endpoints/, named like the OpenAPI operationId.
 */

import type * as types from './types'

/** One call, as the client hands it to the transport. */
export interface ApiRequest {
  method: 'GET' | 'POST'
  /** Path under /api/v1, e.g. /domain/list. */
  path: string
  query?: object
  body?: object
  /** The endpoint answers a file, not an envelope; the transport decides how to fetch it. */
  download?: true
}

/**
 * Sends one call and resolves to the envelope's `data` when `code` is 1, rejecting otherwise.
 * Injected rather than imported, so the client carries no fetch, token or base URL of its own:
 * the console passes one that speaks the envelope, tests pass a fake.
 */
export type ApiTransport = (request: ApiRequest) => Promise<unknown>

/** Who may call an endpoint: role names (`*` is any signed-in account), or 'open' for anyone. */
export type ApiAccess = readonly ('admin' | 'partner' | 'merchant' | 'agent' | '*')[] | 'open'

export interface ApiEndpoint {
  /** The endpoint file under schemas/endpoints, without .json. */
  id: string
  method: 'GET' | 'POST'
  path: string
  access: ApiAccess
  download?: true
}

/**
 * Every endpoint by client function name, for access checks that must agree with the server.
 */
export const apiEndpoints = {
  domainAdd: { id: 'domain/add', method: 'POST', path: '/domain/add', access: ['admin'] },
  domainBatchDel: { id: 'domain/batch_del', method: 'POST', path: '/domain/batch_del', access: ['admin'] },
  domainDetail: { id: 'domain/detail', method: 'GET', path: '/domain/detail', access: ['admin'] },
  domainEdit: { id: 'domain/edit', method: 'POST', path: '/domain/edit', access: ['admin'] },
  domainList: { id: 'domain/list', method: 'GET', path: '/domain/list', access: ['admin'] },
  platformAddAgreement: { id: 'platform/add_agreement', method: 'POST', path: '/platform/add_agreement', access: ['admin'] },
  platformAddArticle: { id: 'platform/add_article', method: 'POST', path: '/platform/add_article', access: ['admin', 'partner'] },
  platformAddIndustry: { id: 'platform/add_industry', method: 'POST', path: '/platform/add_industry', access: ['admin'] },
  platformAddScript: { id: 'platform/add_script', method: 'POST', path: '/platform/add_script', access: ['admin'] },
  platformAgreement: { id: 'platform/agreement', method: 'GET', path: '/platform/agreement', access: ['admin'] },
  platformAgreementDetail: { id: 'platform/agreement_detail', method: 'GET', path: '/platform/agreement_detail', access: ['admin'] },
  platformAgreementPublic: { id: 'platform/agreement_public', method: 'GET', path: '/platform/agreement_public', access: 'open' },
  platformArticle: { id: 'platform/article', method: 'GET', path: '/platform/article', access: ['admin', 'partner'] },
  platformArticleDetail: { id: 'platform/article_detail', method: 'GET', path: '/platform/article_detail', access: ['admin', 'partner'] },
  platformChangePwd: { id: 'platform/change_pwd', method: 'POST', path: '/platform/change_pwd', access: ['*'] },
  platformConsoleSchemas: { id: 'platform/console_schemas', method: 'GET', path: '/platform/console_schemas', access: 'open' },
  platformDelAgreement: { id: 'platform/del_agreement', method: 'POST', path: '/platform/del_agreement', access: ['admin'] },
  platformDelArticle: { id: 'platform/del_article', method: 'POST', path: '/platform/del_article', access: ['admin', 'partner'] },
  platformDelIndustry: { id: 'platform/del_industry', method: 'POST', path: '/platform/del_industry', access: ['admin'] },
  platformDelScript: { id: 'platform/del_script', method: 'POST', path: '/platform/del_script', access: ['admin'] },
  platformEditAgreement: { id: 'platform/edit_agreement', method: 'POST', path: '/platform/edit_agreement', access: ['admin'] },
  platformEditArticle: { id: 'platform/edit_article', method: 'POST', path: '/platform/edit_article', access: ['admin', 'partner'] },
  platformEditIndustry: { id: 'platform/edit_industry', method: 'POST', path: '/platform/edit_industry', access: ['admin'] },
  platformEditScript: { id: 'platform/edit_script', method: 'POST', path: '/platform/edit_script', access: ['admin'] },
  platformGetSystemInfo: { id: 'platform/get_system_info', method: 'GET', path: '/platform/get_system_info', access: 'open' },
  platformGetUserInfo: { id: 'platform/get_user_info', method: 'POST', path: '/platform/get_user_info', access: ['*'] },
  platformIndustry: { id: 'platform/industry', method: 'GET', path: '/platform/industry', access: ['*'] },
  platformIndustryDetail: { id: 'platform/industry_detail', method: 'GET', path: '/platform/industry_detail', access: ['admin'] },
  platformLogin: { id: 'platform/login', method: 'POST', path: '/platform/login', access: 'open' },
  platformLogout: { id: 'platform/logout', method: 'POST', path: '/platform/logout', access: ['*'] },
  platformScript: { id: 'platform/script', method: 'GET', path: '/platform/script', access: ['*'] },
  platformScriptDetail: { id: 'platform/script_detail', method: 'GET', path: '/platform/script_detail', access: ['admin'] },
  userMenu: { id: 'user/menu', method: 'POST', path: '/api/user/menu', access: ['*'] },
} as const satisfies Record<keyof ApiClient, ApiEndpoint>

export interface ApiClient {
  /**
   * Add a domain
   *
   * `POST /domain/add` · roles: admin
   */
  domainAdd: (body: types.DomainAddBody) => Promise<types.DomainAddResponse>

  /**
   * Delete domains by id
   *
   * `POST /domain/batch_del` · roles: admin
   */
  domainBatchDel: (body: types.DomainBatchDelBody) => Promise<types.DomainBatchDelResponse>

  /**
   * One domain by id
   *
   * `GET /domain/detail` · roles: admin
   */
  domainDetail: (query: types.DomainDetailQuery) => Promise<types.DomainDetailResponse>

  /**
   * Change a domain
   *
   * `POST /domain/edit` · roles: admin
   */
  domainEdit: (body: types.DomainEditBody) => Promise<types.DomainEditResponse>

  /**
   * List domains
   *
   * `GET /domain/list` · roles: admin
   */
  domainList: (query?: types.DomainListQuery) => Promise<types.DomainListResponse>

  /**
   * Add an agreement
   *
   * One agreement per kind. Content is sanitised before it is checked and stored.
   *
   * `POST /platform/add_agreement` · roles: admin
   */
  platformAddAgreement: (body: types.PlatformAddAgreementBody) => Promise<types.PlatformAddAgreementResponse>

  /**
   * Add an article
   *
   * The caller owns the new article. Content is sanitised before it is checked and stored.
   *
   * `POST /platform/add_article` · roles: admin, partner
   */
  platformAddArticle: (body: types.PlatformAddArticleBody) => Promise<types.PlatformAddArticleResponse>

  /**
   * Add an industry
   *
   * `POST /platform/add_industry` · roles: admin
   */
  platformAddIndustry: (body: types.PlatformAddIndustryBody) => Promise<types.PlatformAddIndustryResponse>

  /**
   * Add a script
   *
   * `POST /platform/add_script` · roles: admin
   */
  platformAddScript: (body: types.PlatformAddScriptBody) => Promise<types.PlatformAddScriptResponse>

  /**
   * List agreements
   *
   * `GET /platform/agreement` · roles: admin
   */
  platformAgreement: (query?: types.PlatformAgreementQuery) => Promise<types.PlatformAgreementResponse>

  /**
   * One agreement by id
   *
   * `GET /platform/agreement_detail` · roles: admin
   */
  platformAgreementDetail: (query: types.PlatformAgreementDetailQuery) => Promise<types.PlatformAgreementDetailResponse>

  /**
   * The published agreement of a kind
   *
   * Open, so the login page can show the user agreement and privacy policy before anyone signs in. A kind with no published agreement is answered with code 0 and a message saying it is not published yet.
   *
   * `GET /platform/agreement_public` · open: no sign-in needed
   */
  platformAgreementPublic: (query: types.PlatformAgreementPublicQuery) => Promise<types.PlatformAgreementPublicResponse>

  /**
   * List articles
   *
   * A partner lists its own articles; an admin lists all.
   *
   * `GET /platform/article` · roles: admin, partner
   */
  platformArticle: (query?: types.PlatformArticleQuery) => Promise<types.PlatformArticleResponse>

  /**
   * One article by id
   *
   * `GET /platform/article_detail` · roles: admin, partner
   */
  platformArticleDetail: (query: types.PlatformArticleDetailQuery) => Promise<types.PlatformArticleDetailResponse>

  /**
   * Change the signed-in account's password
   *
   * Every other session of the account is revoked; the one that asked stays signed in.
   *
   * `POST /platform/change_pwd` · roles: any signed-in account
   */
  platformChangePwd: (body: types.PlatformChangePwdBody) => Promise<types.PlatformChangePwdResponse>

  /**
   * The schema files the console builds its screens from
   *
   * Open, like the OpenAPI document: the console loads them before sign-in to know its routes, menu and forms. The files describe the API; they hold no data.
   *
   * `GET /platform/console_schemas` · open: no sign-in needed
   */
  platformConsoleSchemas: () => Promise<types.PlatformConsoleSchemasResponse>

  /**
   * Delete agreements by id
   *
   * `POST /platform/del_agreement` · roles: admin
   */
  platformDelAgreement: (body: types.PlatformDelAgreementBody) => Promise<types.PlatformDelAgreementResponse>

  /**
   * Delete articles by id
   *
   * `POST /platform/del_article` · roles: admin, partner
   */
  platformDelArticle: (body: types.PlatformDelArticleBody) => Promise<types.PlatformDelArticleResponse>

  /**
   * Delete industries by id
   *
   * `POST /platform/del_industry` · roles: admin
   */
  platformDelIndustry: (body: types.PlatformDelIndustryBody) => Promise<types.PlatformDelIndustryResponse>

  /**
   * Delete scripts by id
   *
   * `POST /platform/del_script` · roles: admin
   */
  platformDelScript: (body: types.PlatformDelScriptBody) => Promise<types.PlatformDelScriptResponse>

  /**
   * Change an agreement
   *
   * Content is sanitised before it is checked and stored.
   *
   * `POST /platform/edit_agreement` · roles: admin
   */
  platformEditAgreement: (body: types.PlatformEditAgreementBody) => Promise<types.PlatformEditAgreementResponse>

  /**
   * Change an article
   *
   * Content is sanitised before it is checked and stored.
   *
   * `POST /platform/edit_article` · roles: admin, partner
   */
  platformEditArticle: (body: types.PlatformEditArticleBody) => Promise<types.PlatformEditArticleResponse>

  /**
   * Change an industry
   *
   * `POST /platform/edit_industry` · roles: admin
   */
  platformEditIndustry: (body: types.PlatformEditIndustryBody) => Promise<types.PlatformEditIndustryResponse>

  /**
   * Change a script
   *
   * `POST /platform/edit_script` · roles: admin
   */
  platformEditScript: (body: types.PlatformEditScriptBody) => Promise<types.PlatformEditScriptResponse>

  /**
   * Branding of the site a host name belongs to
   *
   * Open, so the login page can be branded. An unknown host gets the default site's branding.
   *
   * `GET /platform/get_system_info` · open: no sign-in needed
   */
  platformGetSystemInfo: (query: types.PlatformGetSystemInfoQuery) => Promise<types.PlatformGetSystemInfoResponse>

  /**
   * The signed-in account's profile
   *
   * `POST /platform/get_user_info` · roles: any signed-in account
   */
  platformGetUserInfo: (body?: types.PlatformGetUserInfoBody) => Promise<types.PlatformGetUserInfoResponse>

  /**
   * List industries
   *
   * Every signed-in account may read the industries; only admins change them.
   *
   * `GET /platform/industry` · roles: any signed-in account
   */
  platformIndustry: (query?: types.PlatformIndustryQuery) => Promise<types.PlatformIndustryResponse>

  /**
   * One industry by id
   *
   * `GET /platform/industry_detail` · roles: admin
   */
  platformIndustryDetail: (query: types.PlatformIndustryDetailQuery) => Promise<types.PlatformIndustryDetailResponse>

  /**
   * Sign in with username and password
   *
   * Answers a fresh session token in userinfo.token. Rate-limited per username and per address.
   *
   * `POST /platform/login` · open: no sign-in needed
   */
  platformLogin: (body: types.PlatformLoginBody) => Promise<types.PlatformLoginResponse>

  /**
   * Sign out: revoke the session of the token sent
   *
   * `POST /platform/logout` · roles: any signed-in account
   */
  platformLogout: (body?: types.PlatformLogoutBody) => Promise<types.PlatformLogoutResponse>

  /**
   * List scripts
   *
   * Every signed-in account may read the scripts; only admins change them.
   *
   * `GET /platform/script` · roles: any signed-in account
   */
  platformScript: (query?: types.PlatformScriptQuery) => Promise<types.PlatformScriptResponse>

  /**
   * One script by id
   *
   * `GET /platform/script_detail` · roles: admin
   */
  platformScriptDetail: (query: types.PlatformScriptDetailQuery) => Promise<types.PlatformScriptDetailResponse>

  /**
   * The console menu of the signed-in account
   *
   * Every route the caller's role may open and its profile flags allow (navigation.json profileFlag), grouped in menu order. Routes that are reachable but not shown in the menu come with hideInMenu. The console uses it when the menuFromServer setting is on.
   *
   * `POST /api/user/menu` · roles: any signed-in account
   */
  userMenu: () => Promise<types.UserMenuResponse>
}

/**
 * The typed API client over a transport.
 *
 * ```ts
 * const api = createApiClient(transport)
 * const page = await api.domainList({ page: 1 })
 * ```
 */
export function createApiClient(transport: ApiTransport): ApiClient {
  return {
    domainAdd: (body) => transport({ method: 'POST', path: '/domain/add', body }) as Promise<types.DomainAddResponse>,
    domainBatchDel: (body) => transport({ method: 'POST', path: '/domain/batch_del', body }) as Promise<types.DomainBatchDelResponse>,
    domainDetail: (query) => transport({ method: 'GET', path: '/domain/detail', query }) as Promise<types.DomainDetailResponse>,
    domainEdit: (body) => transport({ method: 'POST', path: '/domain/edit', body }) as Promise<types.DomainEditResponse>,
    domainList: (query = {}) => transport({ method: 'GET', path: '/domain/list', query }) as Promise<types.DomainListResponse>,
    platformAddAgreement: (body) => transport({ method: 'POST', path: '/platform/add_agreement', body }) as Promise<types.PlatformAddAgreementResponse>,
    platformAddArticle: (body) => transport({ method: 'POST', path: '/platform/add_article', body }) as Promise<types.PlatformAddArticleResponse>,
    platformAddIndustry: (body) => transport({ method: 'POST', path: '/platform/add_industry', body }) as Promise<types.PlatformAddIndustryResponse>,
    platformAddScript: (body) => transport({ method: 'POST', path: '/platform/add_script', body }) as Promise<types.PlatformAddScriptResponse>,
    platformAgreement: (query = {}) => transport({ method: 'GET', path: '/platform/agreement', query }) as Promise<types.PlatformAgreementResponse>,
    platformAgreementDetail: (query) => transport({ method: 'GET', path: '/platform/agreement_detail', query }) as Promise<types.PlatformAgreementDetailResponse>,
    platformAgreementPublic: (query) => transport({ method: 'GET', path: '/platform/agreement_public', query }) as Promise<types.PlatformAgreementPublicResponse>,
    platformArticle: (query = {}) => transport({ method: 'GET', path: '/platform/article', query }) as Promise<types.PlatformArticleResponse>,
    platformArticleDetail: (query) => transport({ method: 'GET', path: '/platform/article_detail', query }) as Promise<types.PlatformArticleDetailResponse>,
    platformChangePwd: (body) => transport({ method: 'POST', path: '/platform/change_pwd', body }) as Promise<types.PlatformChangePwdResponse>,
    platformConsoleSchemas: () => transport({ method: 'GET', path: '/platform/console_schemas' }) as Promise<types.PlatformConsoleSchemasResponse>,
    platformDelAgreement: (body) => transport({ method: 'POST', path: '/platform/del_agreement', body }) as Promise<types.PlatformDelAgreementResponse>,
    platformDelArticle: (body) => transport({ method: 'POST', path: '/platform/del_article', body }) as Promise<types.PlatformDelArticleResponse>,
    platformDelIndustry: (body) => transport({ method: 'POST', path: '/platform/del_industry', body }) as Promise<types.PlatformDelIndustryResponse>,
    platformDelScript: (body) => transport({ method: 'POST', path: '/platform/del_script', body }) as Promise<types.PlatformDelScriptResponse>,
    platformEditAgreement: (body) => transport({ method: 'POST', path: '/platform/edit_agreement', body }) as Promise<types.PlatformEditAgreementResponse>,
    platformEditArticle: (body) => transport({ method: 'POST', path: '/platform/edit_article', body }) as Promise<types.PlatformEditArticleResponse>,
    platformEditIndustry: (body) => transport({ method: 'POST', path: '/platform/edit_industry', body }) as Promise<types.PlatformEditIndustryResponse>,
    platformEditScript: (body) => transport({ method: 'POST', path: '/platform/edit_script', body }) as Promise<types.PlatformEditScriptResponse>,
    platformGetSystemInfo: (query) => transport({ method: 'GET', path: '/platform/get_system_info', query }) as Promise<types.PlatformGetSystemInfoResponse>,
    platformGetUserInfo: (body = {}) => transport({ method: 'POST', path: '/platform/get_user_info', body }) as Promise<types.PlatformGetUserInfoResponse>,
    platformIndustry: (query = {}) => transport({ method: 'GET', path: '/platform/industry', query }) as Promise<types.PlatformIndustryResponse>,
    platformIndustryDetail: (query) => transport({ method: 'GET', path: '/platform/industry_detail', query }) as Promise<types.PlatformIndustryDetailResponse>,
    platformLogin: (body) => transport({ method: 'POST', path: '/platform/login', body }) as Promise<types.PlatformLoginResponse>,
    platformLogout: (body = {}) => transport({ method: 'POST', path: '/platform/logout', body }) as Promise<types.PlatformLogoutResponse>,
    platformScript: (query = {}) => transport({ method: 'GET', path: '/platform/script', query }) as Promise<types.PlatformScriptResponse>,
    platformScriptDetail: (query) => transport({ method: 'GET', path: '/platform/script_detail', query }) as Promise<types.PlatformScriptDetailResponse>,
    userMenu: () => transport({ method: 'POST', path: '/api/user/menu', body: {} }) as Promise<types.UserMenuResponse>,
  }
}
