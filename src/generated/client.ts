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
  /** JSON, or FormData for the calls that take files. */
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
  aiAssistants: { id: 'ai/assistants', method: 'GET', path: '/ai/assistants', access: ['admin', 'partner', 'merchant'] },
  aiChat: { id: 'ai/chat', method: 'POST', path: '/ai/chat', access: ['admin', 'partner', 'merchant'], download: true },
  aiAssistantAdd: { id: 'ai_assistant/add', method: 'POST', path: '/ai_assistant/add', access: ['admin'] },
  aiAssistantDel: { id: 'ai_assistant/del', method: 'POST', path: '/ai_assistant/del', access: ['admin'] },
  aiAssistantDetail: { id: 'ai_assistant/detail', method: 'GET', path: '/ai_assistant/detail', access: ['admin'] },
  aiAssistantEdit: { id: 'ai_assistant/edit', method: 'POST', path: '/ai_assistant/edit', access: ['admin'] },
  aiAssistantList: { id: 'ai_assistant/list', method: 'GET', path: '/ai_assistant/list', access: ['admin'] },
  aiCallList: { id: 'ai_call/list', method: 'GET', path: '/ai_call/list', access: ['admin'] },
  authorizationLinkAdd: { id: 'authorization_link/add', method: 'POST', path: '/authorization_link/add', access: ['partner', 'merchant'] },
  authorizationLinkDel: { id: 'authorization_link/del', method: 'POST', path: '/authorization_link/del', access: ['partner', 'merchant'] },
  authorizationLinkDetail: { id: 'authorization_link/detail', method: 'GET', path: '/authorization_link/detail', access: ['partner', 'merchant'] },
  authorizationLinkFormNotices: { id: 'authorization_link/form_notices', method: 'GET', path: '/authorization_link/form_notices', access: ['partner', 'merchant'] },
  authorizationLinkList: { id: 'authorization_link/list', method: 'GET', path: '/authorization_link/list', access: ['partner', 'merchant'] },
  authorizationLinkRevoke: { id: 'authorization_link/revoke', method: 'POST', path: '/authorization_link/revoke', access: ['partner', 'merchant'] },
  avatarDel: { id: 'avatar/del', method: 'POST', path: '/avatar/del', access: ['partner', 'merchant'] },
  avatarDetail: { id: 'avatar/detail', method: 'GET', path: '/avatar/detail', access: ['partner', 'merchant'] },
  avatarEdit: { id: 'avatar/edit', method: 'POST', path: '/avatar/edit', access: ['partner', 'merchant'] },
  avatarList: { id: 'avatar/list', method: 'GET', path: '/avatar/list', access: ['partner', 'merchant'] },
  domainAdd: { id: 'domain/add', method: 'POST', path: '/domain/add', access: ['admin'] },
  domainBatchDel: { id: 'domain/batch_del', method: 'POST', path: '/domain/batch_del', access: ['admin'] },
  domainDetail: { id: 'domain/detail', method: 'GET', path: '/domain/detail', access: ['admin'] },
  domainEdit: { id: 'domain/edit', method: 'POST', path: '/domain/edit', access: ['admin'] },
  domainList: { id: 'domain/list', method: 'GET', path: '/domain/list', access: ['admin'] },
  initConfigGetConfig: { id: 'init_config/get_config', method: 'GET', path: '/init_config/get_config', access: ['admin'] },
  initConfigSetConfig: { id: 'init_config/set_config', method: 'POST', path: '/init_config/set_config', access: ['admin'] },
  initConfigUploadCert: { id: 'init_config/upload_cert', method: 'POST', path: '/init_config/upload_cert', access: ['admin'] },
  materialDel: { id: 'material/del', method: 'POST', path: '/material/del', access: ['admin', 'partner', 'merchant'] },
  materialDetail: { id: 'material/detail', method: 'GET', path: '/material/detail', access: ['admin', 'partner', 'merchant'] },
  materialEdit: { id: 'material/edit', method: 'POST', path: '/material/edit', access: ['admin', 'partner', 'merchant'] },
  materialFonts: { id: 'material/fonts', method: 'GET', path: '/material/fonts', access: ['admin', 'partner', 'merchant'] },
  materialList: { id: 'material/list', method: 'GET', path: '/material/list', access: ['admin', 'partner', 'merchant'] },
  materialRegister: { id: 'material/register', method: 'POST', path: '/material/register', access: ['admin', 'partner', 'merchant'] },
  materialTools: { id: 'material/tools', method: 'GET', path: '/material/tools', access: ['admin', 'partner', 'merchant'] },
  materialTransitionPreview: { id: 'material/transition_preview', method: 'GET', path: '/material/transition_preview', access: 'open', download: true },
  materialUpload: { id: 'material/upload', method: 'POST', path: '/material/upload', access: ['admin', 'partner', 'merchant'] },
  materialFolderAdd: { id: 'material_folder/add', method: 'POST', path: '/material_folder/add', access: ['admin', 'partner', 'merchant'] },
  materialFolderDel: { id: 'material_folder/del', method: 'POST', path: '/material_folder/del', access: ['admin', 'partner', 'merchant'] },
  materialFolderDetail: { id: 'material_folder/detail', method: 'GET', path: '/material_folder/detail', access: ['admin', 'partner', 'merchant'] },
  materialFolderEdit: { id: 'material_folder/edit', method: 'POST', path: '/material_folder/edit', access: ['admin', 'partner', 'merchant'] },
  materialFolderList: { id: 'material_folder/list', method: 'GET', path: '/material_folder/list', access: ['admin', 'partner', 'merchant'] },
  matrixAiImitateTitle: { id: 'matrix/ai_imitate_title', method: 'POST', path: '/matrix/ai_imitate_title', access: ['admin', 'partner', 'merchant'] },
  platformAddAgreement: { id: 'platform/add_agreement', method: 'POST', path: '/platform/add_agreement', access: ['admin'] },
  platformAddArticle: { id: 'platform/add_article', method: 'POST', path: '/platform/add_article', access: ['admin', 'partner'] },
  platformAddIndustry: { id: 'platform/add_industry', method: 'POST', path: '/platform/add_industry', access: ['admin'] },
  platformAddScript: { id: 'platform/add_script', method: 'POST', path: '/platform/add_script', access: ['admin'] },
  platformAgreement: { id: 'platform/agreement', method: 'GET', path: '/platform/agreement', access: ['admin'] },
  platformAgreementDetail: { id: 'platform/agreement_detail', method: 'GET', path: '/platform/agreement_detail', access: ['admin'] },
  platformAgreementPublic: { id: 'platform/agreement_public', method: 'GET', path: '/platform/agreement_public', access: 'open' },
  platformArticle: { id: 'platform/article', method: 'GET', path: '/platform/article', access: ['admin', 'partner'] },
  platformArticleDetail: { id: 'platform/article_detail', method: 'GET', path: '/platform/article_detail', access: ['admin', 'partner'] },
  platformAuthorizationLinkInfo: { id: 'platform/authorization_link_info', method: 'GET', path: '/platform/authorization_link_info', access: 'open' },
  platformAuthorizationStart: { id: 'platform/authorization_start', method: 'POST', path: '/platform/authorization_start', access: 'open' },
  platformCaptchaImage: { id: 'platform/captcha_image', method: 'GET', path: '/platform/captcha_image', access: 'open' },
  platformChangePwd: { id: 'platform/change_pwd', method: 'POST', path: '/platform/change_pwd', access: ['*'] },
  platformConsoleSchemas: { id: 'platform/console_schemas', method: 'GET', path: '/platform/console_schemas', access: 'open' },
  platformDashboardData: { id: 'platform/dashboard_data', method: 'GET', path: '/platform/dashboard_data', access: ['admin', 'partner', 'merchant'] },
  platformDelAgreement: { id: 'platform/del_agreement', method: 'POST', path: '/platform/del_agreement', access: ['admin'] },
  platformDelArticle: { id: 'platform/del_article', method: 'POST', path: '/platform/del_article', access: ['admin', 'partner'] },
  platformDelIndustry: { id: 'platform/del_industry', method: 'POST', path: '/platform/del_industry', access: ['admin'] },
  platformDelScript: { id: 'platform/del_script', method: 'POST', path: '/platform/del_script', access: ['admin'] },
  platformDownloadTicket: { id: 'platform/download_ticket', method: 'POST', path: '/platform/download_ticket', access: ['*'] },
  platformEditAgreement: { id: 'platform/edit_agreement', method: 'POST', path: '/platform/edit_agreement', access: ['admin'] },
  platformEditArticle: { id: 'platform/edit_article', method: 'POST', path: '/platform/edit_article', access: ['admin', 'partner'] },
  platformEditIndustry: { id: 'platform/edit_industry', method: 'POST', path: '/platform/edit_industry', access: ['admin'] },
  platformEditScript: { id: 'platform/edit_script', method: 'POST', path: '/platform/edit_script', access: ['admin'] },
  platformEditTransferConfig: { id: 'platform/edit_transfer_config', method: 'POST', path: '/platform/edit_transfer_config', access: ['admin', 'partner'] },
  platformEditUserInfo: { id: 'platform/edit_user_info', method: 'POST', path: '/platform/edit_user_info', access: ['*'] },
  platformExchange: { id: 'platform/exchange', method: 'POST', path: '/platform/exchange', access: ['admin', 'partner', 'merchant'] },
  platformExchangeNotices: { id: 'platform/exchange_notices', method: 'GET', path: '/platform/exchange_notices', access: ['admin', 'partner', 'merchant'] },
  platformGetAccount: { id: 'platform/get_account', method: 'GET', path: '/platform/get_account', access: ['partner', 'merchant'] },
  platformGetCaptcha: { id: 'platform/get_captcha', method: 'POST', path: '/platform/get_captcha', access: 'open' },
  platformGetConfig: { id: 'platform/get_config', method: 'GET', path: '/platform/get_config', access: ['admin'] },
  platformGetPlatformConfig: { id: 'platform/get_platform_config', method: 'GET', path: '/platform/get_platform_config', access: ['*'] },
  platformGetSimpleConfig: { id: 'platform/get_simple_config', method: 'GET', path: '/platform/get_simple_config', access: ['*'] },
  platformGetSingleConfig: { id: 'platform/get_single_config', method: 'GET', path: '/platform/get_single_config', access: ['*'] },
  platformGetSystemInfo: { id: 'platform/get_system_info', method: 'GET', path: '/platform/get_system_info', access: 'open' },
  platformGetUserInfo: { id: 'platform/get_user_info', method: 'POST', path: '/platform/get_user_info', access: ['*'] },
  platformIndustry: { id: 'platform/industry', method: 'GET', path: '/platform/industry', access: ['*'] },
  platformIndustryDetail: { id: 'platform/industry_detail', method: 'GET', path: '/platform/industry_detail', access: ['admin'] },
  platformLogin: { id: 'platform/login', method: 'POST', path: '/platform/login', access: 'open' },
  platformLogout: { id: 'platform/logout', method: 'POST', path: '/platform/logout', access: ['*'] },
  platformOauthCallback: { id: 'platform/oauth_callback', method: 'GET', path: '/platform/oauth_callback', access: 'open', download: true },
  platformOverstepLog: { id: 'platform/overstep_log', method: 'GET', path: '/platform/overstep_log', access: ['admin', 'partner'] },
  platformOverstepLogin: { id: 'platform/overstep_login', method: 'POST', path: '/platform/overstep_login', access: ['admin', 'partner'] },
  platformPlatformUserList: { id: 'platform/platform_user_list', method: 'GET', path: '/platform/platform_user_list', access: ['admin', 'partner'] },
  platformPlatformVoiceCloneList: { id: 'platform/platform_voice_clone_list', method: 'GET', path: '/platform/platform_voice_clone_list', access: ['admin'] },
  platformRegister: { id: 'platform/register', method: 'POST', path: '/platform/register', access: 'open' },
  platformResetPwd: { id: 'platform/reset_pwd', method: 'POST', path: '/platform/reset_pwd', access: 'open' },
  platformScript: { id: 'platform/script', method: 'GET', path: '/platform/script', access: ['*'] },
  platformScriptDetail: { id: 'platform/script_detail', method: 'GET', path: '/platform/script_detail', access: ['admin'] },
  platformSetConfig: { id: 'platform/set_config', method: 'POST', path: '/platform/set_config', access: ['admin'] },
  platformTransfer: { id: 'platform/transfer', method: 'POST', path: '/platform/transfer', access: ['admin', 'partner'] },
  platformTransferRecord: { id: 'platform/transfer_record', method: 'GET', path: '/platform/transfer_record', access: ['admin', 'partner'] },
  platformUserMoneyLog: { id: 'platform/user_money_log', method: 'GET', path: '/platform/user_money_log', access: ['admin', 'partner', 'merchant'] },
  platformUserMoneyLogExport: { id: 'platform/user_money_log_export', method: 'GET', path: '/platform/user_money_log_export', access: ['admin', 'partner', 'merchant'], download: true },
  platformUserQuotaLog: { id: 'platform/user_quota_log', method: 'GET', path: '/platform/user_quota_log', access: ['admin', 'partner', 'merchant'] },
  platformUserQuotaLogExport: { id: 'platform/user_quota_log_export', method: 'GET', path: '/platform/user_quota_log_export', access: ['admin', 'partner', 'merchant'], download: true },
  platformAccountAdd: { id: 'platform_account/add', method: 'POST', path: '/platform_account/add', access: ['partner', 'merchant'] },
  platformAccountDel: { id: 'platform_account/del', method: 'POST', path: '/platform_account/del', access: ['partner', 'merchant'] },
  platformAccountDetail: { id: 'platform_account/detail', method: 'GET', path: '/platform_account/detail', access: ['partner', 'merchant'] },
  platformAccountEdit: { id: 'platform_account/edit', method: 'POST', path: '/platform_account/edit', access: ['partner', 'merchant'] },
  providerStatus: { id: 'provider/status', method: 'GET', path: '/provider/status', access: ['admin', 'partner', 'merchant'] },
  providerServiceAdd: { id: 'provider_service/add', method: 'POST', path: '/provider_service/add', access: ['admin'] },
  providerServiceAddAgent: { id: 'provider_service/add_agent', method: 'POST', path: '/provider_service/add_agent', access: ['admin', 'partner'] },
  providerServiceAddByService: { id: 'provider_service/add_by_service', method: 'POST', path: '/provider_service/add_by_service', access: ['admin', 'partner'] },
  providerServiceAgent: { id: 'provider_service/agent', method: 'GET', path: '/provider_service/agent', access: ['admin', 'partner'] },
  providerServiceAgentDetail: { id: 'provider_service/agent_detail', method: 'GET', path: '/provider_service/agent_detail', access: ['admin', 'partner'] },
  providerServiceDetail: { id: 'provider_service/detail', method: 'GET', path: '/provider_service/detail', access: ['admin', 'partner'] },
  providerServiceEdit: { id: 'provider_service/edit', method: 'POST', path: '/provider_service/edit', access: ['admin'] },
  providerServiceEditAccount: { id: 'provider_service/edit_account', method: 'POST', path: '/provider_service/edit_account', access: ['admin'] },
  providerServiceEditAgent: { id: 'provider_service/edit_agent', method: 'POST', path: '/provider_service/edit_agent', access: ['admin', 'partner'] },
  providerServiceEditByService: { id: 'provider_service/edit_by_service', method: 'POST', path: '/provider_service/edit_by_service', access: ['admin', 'partner'] },
  providerServiceEditType: { id: 'provider_service/edit_type', method: 'POST', path: '/provider_service/edit_type', access: ['admin'] },
  providerServiceList: { id: 'provider_service/list', method: 'GET', path: '/provider_service', access: ['admin', 'partner'] },
  providerServiceMerchant: { id: 'provider_service/merchant', method: 'GET', path: '/provider_service/merchant', access: ['admin', 'partner'] },
  providerServiceMerchantDetail: { id: 'provider_service/merchant_detail', method: 'GET', path: '/provider_service/merchant_detail', access: ['admin', 'partner'] },
  providerServiceTreeChildren: { id: 'provider_service/tree_children', method: 'GET', path: '/provider_service/tree_children', access: ['admin', 'partner'] },
  providerServiceTreeSearch: { id: 'provider_service/tree_search', method: 'GET', path: '/provider_service/tree_search', access: ['admin', 'partner'] },
  providerServiceUsedServicePrefixNoList: { id: 'provider_service/used_service_prefix_no_list', method: 'GET', path: '/provider_service/used_service_prefix_no_list', access: ['admin'] },
  rechargeCardAdd: { id: 'recharge_card/add', method: 'POST', path: '/recharge_card/add', access: ['admin'] },
  rechargeCardBatchDel: { id: 'recharge_card/batch_del', method: 'POST', path: '/recharge_card/batch_del', access: ['admin', 'partner'] },
  rechargeCardCanOperateCardList: { id: 'recharge_card/can_operate_card_list', method: 'GET', path: '/recharge_card/can_operate_card_list', access: ['admin', 'partner'] },
  rechargeCardCardList: { id: 'recharge_card/card_list', method: 'GET', path: '/recharge_card/card_list', access: ['admin', 'partner'] },
  rechargeCardEditCard: { id: 'recharge_card/edit_card', method: 'POST', path: '/recharge_card/edit_card', access: ['admin', 'partner'] },
  rechargeCardExportData: { id: 'recharge_card/export_data', method: 'GET', path: '/recharge_card/export_data', access: ['admin', 'partner'], download: true },
  rechargeCardRemarkCard: { id: 'recharge_card/remark_card', method: 'POST', path: '/recharge_card/remark_card', access: ['admin', 'partner'] },
  rechargeCardTransferCard: { id: 'recharge_card/transfer_card', method: 'POST', path: '/recharge_card/transfer_card', access: ['admin', 'partner'] },
  rechargeCardUseCard: { id: 'recharge_card/use_card', method: 'POST', path: '/recharge_card/use_card', access: ['*'] },
  rechargeOrderCancel: { id: 'recharge_order/cancel', method: 'POST', path: '/recharge_order/cancel', access: ['admin', 'partner'] },
  rechargeOrderConfirmPaid: { id: 'recharge_order/confirm_paid', method: 'POST', path: '/recharge_order/confirm_paid', access: ['admin'] },
  rechargeOrderCreate: { id: 'recharge_order/create', method: 'POST', path: '/recharge_order/create', access: ['admin', 'partner'] },
  rechargeOrderDetail: { id: 'recharge_order/detail', method: 'GET', path: '/recharge_order/detail', access: ['admin', 'partner'] },
  rechargeOrderList: { id: 'recharge_order/list', method: 'GET', path: '/recharge_order/list', access: ['admin', 'partner'] },
  rechargePackageAdd: { id: 'recharge_package/add', method: 'POST', path: '/recharge_package/add', access: ['admin'] },
  rechargePackageDel: { id: 'recharge_package/del', method: 'POST', path: '/recharge_package/del', access: ['admin'] },
  rechargePackageDetail: { id: 'recharge_package/detail', method: 'GET', path: '/recharge_package/detail', access: ['admin'] },
  rechargePackageEdit: { id: 'recharge_package/edit', method: 'POST', path: '/recharge_package/edit', access: ['admin'] },
  rechargePackageList: { id: 'recharge_package/list', method: 'GET', path: '/recharge_package/list', access: ['admin'] },
  rechargePackageOnSale: { id: 'recharge_package/on_sale', method: 'GET', path: '/recharge_package/on_sale', access: ['admin', 'partner'] },
  releasePlanAdd: { id: 'release_plan/add', method: 'POST', path: '/release_plan/add', access: ['partner', 'merchant'] },
  releasePlanCancel: { id: 'release_plan/cancel', method: 'POST', path: '/release_plan/cancel', access: ['partner', 'merchant'] },
  releasePlanDetail: { id: 'release_plan/detail', method: 'GET', path: '/release_plan/detail', access: ['partner', 'merchant'] },
  releasePlanList: { id: 'release_plan/list', method: 'GET', path: '/release_plan/list', access: ['partner', 'merchant'] },
  releasePlanPause: { id: 'release_plan/pause', method: 'POST', path: '/release_plan/pause', access: ['partner', 'merchant'] },
  releasePlanResume: { id: 'release_plan/resume', method: 'POST', path: '/release_plan/resume', access: ['partner', 'merchant'] },
  releasePostConfirm: { id: 'release_post/confirm', method: 'POST', path: '/release_post/confirm', access: ['partner', 'merchant'] },
  releasePostDetail: { id: 'release_post/detail', method: 'GET', path: '/release_post/detail', access: ['partner', 'merchant'] },
  releasePostEvents: { id: 'release_post/events', method: 'GET', path: '/release_post/events', access: ['partner', 'merchant'], download: true },
  releasePostExportData: { id: 'release_post/export_data', method: 'GET', path: '/release_post/export_data', access: ['partner', 'merchant'], download: true },
  releasePostList: { id: 'release_post/list', method: 'GET', path: '/release_post/list', access: ['partner', 'merchant'] },
  releasePostRetry: { id: 'release_post/retry', method: 'POST', path: '/release_post/retry', access: ['partner', 'merchant'] },
  releasePostStats: { id: 'release_post/stats', method: 'GET', path: '/release_post/stats', access: ['partner', 'merchant'] },
  taskCancel: { id: 'task/cancel', method: 'POST', path: '/task/cancel', access: ['admin', 'partner', 'merchant'] },
  taskDel: { id: 'task/del', method: 'POST', path: '/task/del', access: ['admin', 'partner', 'merchant'] },
  taskDetail: { id: 'task/detail', method: 'GET', path: '/task/detail', access: ['admin', 'partner', 'merchant'] },
  taskEstimateClip: { id: 'task/estimate_clip', method: 'POST', path: '/task/estimate_clip', access: ['partner', 'merchant'] },
  taskEstimateMixedCut: { id: 'task/estimate_mixed_cut', method: 'POST', path: '/task/estimate_mixed_cut', access: ['partner', 'merchant'] },
  taskEstimateTopicVideo: { id: 'task/estimate_topic_video', method: 'POST', path: '/task/estimate_topic_video', access: ['partner', 'merchant'] },
  taskEvents: { id: 'task/events', method: 'GET', path: '/task/events', access: ['admin', 'partner', 'merchant'], download: true },
  taskList: { id: 'task/list', method: 'GET', path: '/task/list', access: ['admin', 'partner', 'merchant'] },
  taskRetry: { id: 'task/retry', method: 'POST', path: '/task/retry', access: ['admin', 'partner', 'merchant'] },
  taskSubmitAvatarClone: { id: 'task/submit_avatar_clone', method: 'POST', path: '/task/submit_avatar_clone', access: ['partner', 'merchant'] },
  taskSubmitAvatarCloneHd: { id: 'task/submit_avatar_clone_hd', method: 'POST', path: '/task/submit_avatar_clone_hd', access: ['partner', 'merchant'] },
  taskSubmitBatchDigitalVideo: { id: 'task/submit_batch_digital_video', method: 'POST', path: '/task/submit_batch_digital_video', access: ['partner', 'merchant'] },
  taskSubmitClip: { id: 'task/submit_clip', method: 'POST', path: '/task/submit_clip', access: ['partner', 'merchant'] },
  taskSubmitDigitalVideo: { id: 'task/submit_digital_video', method: 'POST', path: '/task/submit_digital_video', access: ['partner', 'merchant'] },
  taskSubmitMixedCut: { id: 'task/submit_mixed_cut', method: 'POST', path: '/task/submit_mixed_cut', access: ['partner', 'merchant'] },
  taskSubmitPlatformPost: { id: 'task/submit_platform_post', method: 'POST', path: '/task/submit_platform_post', access: ['admin'] },
  taskSubmitPlatformStats: { id: 'task/submit_platform_stats', method: 'POST', path: '/task/submit_platform_stats', access: ['admin'] },
  taskSubmitPlatformTokenRefresh: { id: 'task/submit_platform_token_refresh', method: 'POST', path: '/task/submit_platform_token_refresh', access: ['admin'] },
  taskSubmitTopicVideo: { id: 'task/submit_topic_video', method: 'POST', path: '/task/submit_topic_video', access: ['partner', 'merchant'] },
  taskSubmitVoiceClone: { id: 'task/submit_voice_clone', method: 'POST', path: '/task/submit_voice_clone', access: ['partner', 'merchant'] },
  taskUses: { id: 'task/uses', method: 'POST', path: '/task/uses', access: ['admin', 'partner', 'merchant'] },
  taskTemplateDel: { id: 'task_template/del', method: 'POST', path: '/task_template/del', access: ['partner', 'merchant'] },
  taskTemplateDetail: { id: 'task_template/detail', method: 'GET', path: '/task_template/detail', access: ['partner', 'merchant'] },
  taskTemplateEdit: { id: 'task_template/edit', method: 'POST', path: '/task_template/edit', access: ['partner', 'merchant'] },
  taskTemplateList: { id: 'task_template/list', method: 'GET', path: '/task_template/list', access: ['partner', 'merchant'] },
  taskTemplateSave: { id: 'task_template/save', method: 'POST', path: '/task_template/save', access: ['partner', 'merchant'] },
  uploadGenerateStsToken: { id: 'upload/generate_sts_token', method: 'GET', path: '/upload/generate_sts_token', access: ['*'] },
  uploadOssUpload: { id: 'upload/oss_upload', method: 'POST', path: '/upload/oss_upload', access: ['*'] },
  userMenu: { id: 'user/menu', method: 'POST', path: '/api/user/menu', access: ['*'] },
  voiceCloneDel: { id: 'voice_clone/del', method: 'POST', path: '/voice_clone/del', access: ['partner', 'merchant'] },
  voiceCloneDetail: { id: 'voice_clone/detail', method: 'GET', path: '/voice_clone/detail', access: ['partner', 'merchant'] },
  voiceCloneEdit: { id: 'voice_clone/edit', method: 'POST', path: '/voice_clone/edit', access: ['partner', 'merchant'] },
  voiceCloneList: { id: 'voice_clone/list', method: 'GET', path: '/voice_clone/list', access: ['partner', 'merchant'] },
  voiceCloneSpeak: { id: 'voice_clone/speak', method: 'GET', path: '/voice_clone/speak', access: ['partner', 'merchant'], download: true },
  voiceCloneVoices: { id: 'voice_clone/voices', method: 'GET', path: '/voice_clone/voices', access: ['partner', 'merchant'] },
  workDel: { id: 'work/del', method: 'POST', path: '/work/del', access: ['partner', 'merchant'] },
  workDetail: { id: 'work/detail', method: 'GET', path: '/work/detail', access: ['partner', 'merchant'] },
  workEdit: { id: 'work/edit', method: 'POST', path: '/work/edit', access: ['partner', 'merchant'] },
  workList: { id: 'work/list', method: 'GET', path: '/work/list', access: ['partner', 'merchant'] },
} as const satisfies Record<keyof ApiClient, ApiEndpoint>

export interface ApiClient {
  /**
   * The AI assistants the caller may use
   *
   * Every assistant whose roles include the caller's, by name, with what it is for, and whether an AI writer is set up to answer them: writer_ready, and the reason when it is not. The create-video wizard offers these to write a script.
   *
   * `GET /ai/assistants` · roles: admin, partner, merchant
   */
  aiAssistants: () => Promise<types.AiAssistantsResponse>

  /**
   * Talk with an AI assistant, its answer streamed
   *
   * The conversation so far goes to the AI writer behind the assistant's instructions. The answer comes as Server-Sent Events while it is written: "text" events ({ text }: the next piece), then one "done" ({ model, prompt_tokens, completion_tokens, finish }) or one "failed" ({ message }, in the caller's language). While a reasoning model thinks before its first word, the stream carries a comment line (": thinking") every 15 s or so, which clients ignore and proxies take as life; the thinking itself is never sent. A refusal before anything is written (no AI writer set up, an assistant the caller's role may not use) is an ordinary error answer. Every call is logged with its token counts (ai_call); leaving early stops the writer.
   *
   * Answers a file, not an envelope.
   *
   * `POST /ai/chat` · roles: admin, partner, merchant
   */
  aiChat: (body: types.AiChatBody) => Promise<unknown>

  /**
   * Add to ai agent tool
   *
   * `POST /ai_assistant/add` · roles: admin
   */
  aiAssistantAdd: (body: types.AiAssistantAddBody) => Promise<types.AiAssistantAddResponse>

  /**
   * Delete ai agent tool by id
   *
   * `POST /ai_assistant/del` · roles: admin
   */
  aiAssistantDel: (body: types.AiAssistantDelBody) => Promise<types.AiAssistantDelResponse>

  /**
   * One of ai agent tool by id
   *
   * `GET /ai_assistant/detail` · roles: admin
   */
  aiAssistantDetail: (query: types.AiAssistantDetailQuery) => Promise<types.AiAssistantDetailResponse>

  /**
   * Change one of ai agent tool
   *
   * `POST /ai_assistant/edit` · roles: admin
   */
  aiAssistantEdit: (body: types.AiAssistantEditBody) => Promise<types.AiAssistantEditResponse>

  /**
   * List ai agent tool
   *
   * `GET /ai_assistant/list` · roles: admin
   */
  aiAssistantList: (query?: types.AiAssistantListQuery) => Promise<types.AiAssistantListResponse>

  /**
   * List ai call log
   *
   * `GET /ai_call/list` · roles: admin
   */
  aiCallList: (query?: types.AiCallListQuery) => Promise<types.AiCallListResponse>

  /**
   * Make an authorization link
   *
   * A signed link, valid for the days given, to send to the people who own the accounts. Its code is in the answer and in the list.
   *
   * `POST /authorization_link/add` · roles: partner, merchant
   */
  authorizationLinkAdd: (body: types.AuthorizationLinkAddBody) => Promise<types.AuthorizationLinkAddResponse>

  /**
   * Delete authorization links by id
   *
   * `POST /authorization_link/del` · roles: partner, merchant
   */
  authorizationLinkDel: (body: types.AuthorizationLinkDelBody) => Promise<types.AuthorizationLinkDelResponse>

  /**
   * One of authorization links by id
   *
   * `GET /authorization_link/detail` · roles: partner, merchant
   */
  authorizationLinkDetail: (query: types.AuthorizationLinkDetailQuery) => Promise<types.AuthorizationLinkDetailResponse>

  /**
   * What to know before making an authorization link
   *
   * A warning for each platform the site has not set up (its app's key and secret, in the business rules): a link cannot offer it, and its owner would find only a disabled button. Empty when every platform is ready. Shown above the form that makes a link, which then starts with only the platforms that are set up ticked.
   *
   * `GET /authorization_link/form_notices` · roles: partner, merchant
   */
  authorizationLinkFormNotices: () => Promise<types.AuthorizationLinkFormNoticesResponse>

  /**
   * List authorization links
   *
   * `GET /authorization_link/list` · roles: partner, merchant
   */
  authorizationLinkList: (query?: types.AuthorizationLinkListQuery) => Promise<types.AuthorizationLinkListResponse>

  /**
   * Revoke an authorization link
   *
   * The link stops working at once, authorizations started from it included. Accounts already authorized stay.
   *
   * `POST /authorization_link/revoke` · roles: partner, merchant
   */
  authorizationLinkRevoke: (body: types.AuthorizationLinkRevokeBody) => Promise<types.AuthorizationLinkRevokeResponse>

  /**
   * Delete avatars by id
   *
   * `POST /avatar/del` · roles: partner, merchant
   */
  avatarDel: (body: types.AvatarDelBody) => Promise<types.AvatarDelResponse>

  /**
   * One of avatars by id
   *
   * `GET /avatar/detail` · roles: partner, merchant
   */
  avatarDetail: (query: types.AvatarDetailQuery) => Promise<types.AvatarDetailResponse>

  /**
   * Change one of avatars
   *
   * `POST /avatar/edit` · roles: partner, merchant
   */
  avatarEdit: (body: types.AvatarEditBody) => Promise<types.AvatarEditResponse>

  /**
   * List avatars
   *
   * `GET /avatar/list` · roles: partner, merchant
   */
  avatarList: (query?: types.AvatarListQuery) => Promise<types.AvatarListResponse>

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
   * Read the initial configuration (admin)
   *
   * The init group of schemas/config/ (outside services' accounts) and the uploaded WeChat Pay certificate's details; the key and secrets are never sent.
   *
   * `GET /init_config/get_config` · roles: admin
   */
  initConfigGetConfig: () => Promise<types.InitConfigGetConfigResponse>

  /**
   * Change the initial configuration (admin)
   *
   * `POST /init_config/set_config` · roles: admin
   */
  initConfigSetConfig: (body: types.InitConfigSetConfigBody) => Promise<types.InitConfigSetConfigResponse>

  /**
   * Upload the WeChat Pay certificate and private key (admin)
   *
   * multipart/form-data with parts cert and key, both PEM. They must belong together and the certificate must be in date. Kept beside the database (DATA_DIR/certs, readable by the server alone), outside what is served; only the certificate's details are ever answered.
   *
   * `POST /init_config/upload_cert` · roles: admin
   */
  initConfigUploadCert: (body: FormData) => Promise<types.InitConfigUploadCertResponse>

  /**
   * Delete materials by id
   *
   * `POST /material/del` · roles: admin, partner, merchant
   */
  materialDel: (body: types.MaterialDelBody) => Promise<types.MaterialDelResponse>

  /**
   * One of materials by id
   *
   * `GET /material/detail` · roles: admin, partner, merchant
   */
  materialDetail: (query: types.MaterialDetailQuery) => Promise<types.MaterialDetailResponse>

  /**
   * Change one of materials
   *
   * `POST /material/edit` · roles: admin, partner, merchant
   */
  materialEdit: (body: types.MaterialEditBody) => Promise<types.MaterialEditResponse>

  /**
   * Every font subtitles can be drawn in
   *
   * One list for a font field: the families installed on the platform's machines (fontconfig's fc-list; the Noto CJK fonts first, which draw Chinese and Latin alike), and the font files among the caller's materials and those shared with it from above ("material:12"), each with a thumbnail drawn in it and, for a shared one, whose it is.
   *
   * `GET /material/fonts` · roles: admin, partner, merchant
   */
  materialFonts: () => Promise<types.MaterialFontsResponse>

  /**
   * List materials
   *
   * `GET /material/list` · roles: admin, partner, merchant
   */
  materialList: (query?: types.MaterialListQuery) => Promise<types.MaterialListResponse>

  /**
   * Keep a file sent straight to the store as a material
   *
   * After the browser has sent a file to S3-compatible storage with upload/generate_sts_token (purpose material), this reads it back under its key, probes it with ffprobe and makes its thumbnail and preview, as material/upload does. A file that is not really media is removed from the store and refused with the reason. A key handed out to another account, or kept already, is refused as not found.
   *
   * `POST /material/register` · roles: admin, partner, merchant
   */
  materialRegister: (body: types.MaterialRegisterBody) => Promise<types.MaterialRegisterResponse>

  /**
   * Whether this platform can work on media
   *
   * Which of ffmpeg, ffprobe and espeak-ng the server found, and, when one is missing, what to install, in the caller's language. The creation screens show the message instead of failing later.
   *
   * `GET /material/tools` · roles: admin, partner, merchant
   */
  materialTools: () => Promise<types.MaterialToolsResponse>

  /**
   * See a transition
   *
   * A short silent MP4 of one transition: a moving test pattern giving way to colour bars. Made by ffmpeg the first time it is asked for and kept; the forms play it beside the transition chosen. Open, as it shows nothing of anyone's.
   *
   * Answers a file, not an envelope.
   *
   * `GET /material/transition_preview` · open: no sign-in needed
   */
  materialTransitionPreview: (query: types.MaterialTransitionPreviewQuery) => Promise<unknown>

  /**
   * Upload a material (video, audio, image or font)
   *
   * multipart/form-data with one part "file", streamed to disk as it arrives (up to the server's MEDIA_MAX_MB, 2048 MB by default), and optional text parts name, folder_id and tags. The file is probed with ffprobe: a file that is not really media (a text file named .mp4, a truncated video) is refused with the reason and nothing is kept. A video gets a thumbnail and a few seconds of low-resolution preview; an image a thumbnail. A TrueType or OpenType font (.ttf, .otf, .ttc), for subtitles, has its tables read instead, and gets a thumbnail of a few characters drawn in it; it is named after its family unless a name is given.
   *
   * `POST /material/upload` · roles: admin, partner, merchant
   */
  materialUpload: (body: FormData) => Promise<types.MaterialUploadResponse>

  /**
   * Add to material folders
   *
   * `POST /material_folder/add` · roles: admin, partner, merchant
   */
  materialFolderAdd: (body: types.MaterialFolderAddBody) => Promise<types.MaterialFolderAddResponse>

  /**
   * Delete material folders by id
   *
   * `POST /material_folder/del` · roles: admin, partner, merchant
   */
  materialFolderDel: (body: types.MaterialFolderDelBody) => Promise<types.MaterialFolderDelResponse>

  /**
   * One of material folders by id
   *
   * `GET /material_folder/detail` · roles: admin, partner, merchant
   */
  materialFolderDetail: (query: types.MaterialFolderDetailQuery) => Promise<types.MaterialFolderDetailResponse>

  /**
   * Change one of material folders
   *
   * `POST /material_folder/edit` · roles: admin, partner, merchant
   */
  materialFolderEdit: (body: types.MaterialFolderEditBody) => Promise<types.MaterialFolderEditResponse>

  /**
   * List material folders
   *
   * `GET /material_folder/list` · roles: admin, partner, merchant
   */
  materialFolderList: (query?: types.MaterialFolderListQuery) => Promise<types.MaterialFolderListResponse>

  /**
   * New post titles in the style of a viral one
   *
   * The AI writer reads a title that did well and writes count new ones in its style (length, tone, hooks, emoji), about the topic when one is given. Used by release plans and the create-video wizard. Logged with its token counts (ai_call). With no AI writer set up it says so; nothing is made up in its place.
   *
   * `POST /matrix/ai_imitate_title` · roles: admin, partner, merchant
   */
  matrixAiImitateTitle: (body: types.MatrixAiImitateTitleBody) => Promise<types.MatrixAiImitateTitleResponse>

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
   * What an authorization link offers
   *
   * Open: the batch-authorization page asks it before anyone signs in. The merchant's name and the branding of the site the link was made on, the platforms offered (and whether each is set up on this platform), and whether the link still works. A code that is not one this server signed is answered as a link that does not exist.
   *
   * `GET /platform/authorization_link_info` · open: no sign-in needed
   */
  platformAuthorizationLinkInfo: (query: types.PlatformAuthorizationLinkInfoQuery) => Promise<types.PlatformAuthorizationLinkInfoResponse>

  /**
   * Start authorizing an account
   *
   * Open: from a working link, the address of the platform's own authorization page, carrying a signed state that works once, for ten minutes, in this browser only (a cookie set here). The browser goes there next; the platform sends it back to oauth_callback.
   *
   * `POST /platform/authorization_start` · open: no sign-in needed
   */
  platformAuthorizationStart: (body: types.PlatformAuthorizationStartBody) => Promise<types.PlatformAuthorizationStartResponse>

  /**
   * A new image captcha for the forgot-password form
   *
   * Open: it is shown before sign-in. Answers an SVG picture and the captcha_id to send back with its characters to get_captcha. The answer is case-insensitive, expires after a few minutes and is used up by the first try.
   *
   * `GET /platform/captcha_image` · open: no sign-in needed
   */
  platformCaptchaImage: () => Promise<types.PlatformCaptchaImageResponse>

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
   * Open, like the OpenAPI document: the console loads them before sign-in to know its routes, menu and forms. The files describe the API; they hold no data. The meta-schemas and migrations, which the console never reads, are left out, and so are each file's $schema and every description and summary (documentation such as this).
   *
   * `GET /platform/console_schemas` · open: no sign-in needed
   */
  platformConsoleSchemas: (query?: types.PlatformConsoleSchemasQuery) => Promise<types.PlatformConsoleSchemasResponse>

  /**
   * Figures for the home page and the workbench, over the caller's reach
   *
   * Aggregates over the accounts the caller reaches (admin: all; partner: itself and everything below it; merchant: itself) for a date range: accounts by role, balance and quotas held, money in and out of the ledger by type, recharge orders, recharge cards, and money and new accounts per day. Days are cut at local midnight for utc_offset (minutes east of UTC, as the browser reports it). The range is at most 366 days; without one, the last 30 days up to today.
   *
   * `GET /platform/dashboard_data` · roles: admin, partner, merchant
   */
  platformDashboardData: (query?: types.PlatformDashboardDataQuery) => Promise<types.PlatformDashboardDataResponse>

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
   * A one-use ticket for a download link or an event stream
   *
   * A link cannot send the token header, and a session token in an address is kept by browser history, proxies and Referer headers. Ask for a ticket just before opening a download (an export, a preview's sound, an event stream) and add it to the link as ticket=: it opens that one endpoint once, within a minute, as the session that asked. The caller's role must be allowed to call the endpoint.
   *
   * `POST /platform/download_ticket` · roles: any signed-in account
   */
  platformDownloadTicket: (body: types.PlatformDownloadTicketBody) => Promise<types.PlatformDownloadTicketResponse>

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
   * Set what an account may transfer to its own children
   *
   * The four can_transfer flags of an account below the caller (1 allows, 0 forbids). /platform/transfer checks the sender's flag.
   *
   * `POST /platform/edit_transfer_config` · roles: admin, partner
   */
  platformEditTransferConfig: (body: types.PlatformEditTransferConfigBody) => Promise<types.PlatformEditTransferConfigResponse>

  /**
   * Edit the signed-in account's own profile
   *
   * Name, nickname, avatar and introduction; a field left out keeps its value and an empty string clears it. The mobile and e-mail identify the account for password resets, so an admin sets them.
   *
   * `POST /platform/edit_user_info` · roles: any signed-in account
   */
  platformEditUserInfo: (body?: types.PlatformEditUserInfoBody) => Promise<types.PlatformEditUserInfoResponse>

  /**
   * Exchange balance for a quota
   *
   * Spends whole yuan of the caller's balance on units of a quota at the platform's exchange number (units per yuan, settings group platform). The exchange must be offered: money_recharge_exchange_config lists 1 for digital-human, 2 for advanced digital-human, 3 for voice clones, and the exchange number must be above 0.
   *
   * `POST /platform/exchange` · roles: admin, partner, merchant
   */
  platformExchange: (body: types.PlatformExchangeBody) => Promise<types.PlatformExchangeResponse>

  /**
   * What to know before exchanging balance
   *
   * The exchange rates open now (units of each quota one CNY buys), the exchanges that are closed, or a warning that none is open. Shown above the exchange dialog of My assets, which then starts on the first open quota.
   *
   * `GET /platform/exchange_notices` · roles: admin, partner, merchant
   */
  platformExchangeNotices: () => Promise<types.PlatformExchangeNoticesResponse>

  /**
   * My short-video platform accounts
   *
   * The caller's own accounts on Douyin, Kuaishou (authorized through a link) and the assisted platforms, with their status: an account whose platform no longer accepts its authorization says re-authorize. Tokens are never part of the answer.
   *
   * `GET /platform/get_account` · roles: partner, merchant
   */
  platformGetAccount: (query?: types.PlatformGetAccountQuery) => Promise<types.PlatformGetAccountResponse>

  /**
   * Send a password reset code to an account
   *
   * Checks the image captcha (used up, right or wrong), then sends a 6-digit code through the configured provider to the account named by username, mobile or e-mail. The answer is the same whether or not the account exists. Rate-limited per account and per address (HTTP 429).
   *
   * `POST /platform/get_captcha` · open: no sign-in needed
   */
  platformGetCaptcha: (body: types.PlatformGetCaptchaBody) => Promise<types.PlatformGetCaptchaResponse>

  /**
   * Read a settings group (admin)
   *
   * Every setting of one group of schemas/config/, at its value or default. Secrets are never sent; secrets_set says which have a value.
   *
   * `GET /platform/get_config` · roles: admin
   */
  platformGetConfig: (query: types.PlatformGetConfigQuery) => Promise<types.PlatformGetConfigResponse>

  /**
   * Every setting the caller may read, as one object
   *
   * The settings of every group whose x-read lets the caller read it, by name (names are unique across groups). Secrets are left out.
   *
   * `GET /platform/get_platform_config` · roles: any signed-in account
   */
  platformGetPlatformConfig: () => Promise<types.PlatformGetPlatformConfigResponse>

  /**
   * A settings group as name and value pairs
   *
   * For any role the group's x-read lists; the console loads show_config and resource after sign-in. Secrets are left out.
   *
   * `GET /platform/get_simple_config` · roles: any signed-in account
   */
  platformGetSimpleConfig: (query: types.PlatformGetSimpleConfigQuery) => Promise<types.PlatformGetSimpleConfigResponse>

  /**
   * One setting by name
   *
   * Setting names are unique across groups. A secret, or a setting of a group the caller may not read, is answered as unknown.
   *
   * `GET /platform/get_single_config` · roles: any signed-in account
   */
  platformGetSingleConfig: (query: types.PlatformGetSingleConfigQuery) => Promise<types.PlatformGetSingleConfigResponse>

  /**
   * Branding of the site a host name belongs to
   *
   * Open, so the login page can be branded. An unknown host gets the default site's branding. allow_register says whether the login page offers registration: the site's own choice, else the platform setting allow_register (also for a host no site names).
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
   * Where a platform sends the account's owner back
   *
   * Open: the redirect address registered with Douyin's and Kuaishou's apps. It checks the state (signed, unused, unexpired, started in this browser), exchanges the code for the account's tokens, stores them encrypted and sends the browser back to the link's page, saying which account was added or why none was. Answers a redirect, never JSON.
   *
   * Answers a file, not an envelope.
   *
   * `GET /platform/oauth_callback` · open: no sign-in needed
   */
  platformOauthCallback: (query?: types.PlatformOauthCallbackQuery) => Promise<unknown>

  /**
   * Console openings (overstep logins)
   *
   * Who opened which merchant's console and when: every opening for an admin, a partner's own and those of partners below it.
   *
   * `GET /platform/overstep_log` · roles: admin, partner
   */
  platformOverstepLog: (query?: types.PlatformOverstepLogQuery) => Promise<types.PlatformOverstepLogResponse>

  /**
   * Open a merchant's console (overstep login)
   *
   * An admin, or a partner for a merchant below it, gets a session of an enabled merchant; the console keeps its token in session storage of the tab it opens (login_type=1). Every opening is recorded in overstep_log.
   *
   * `POST /platform/overstep_login` · roles: admin, partner
   */
  platformOverstepLogin: (body: types.PlatformOverstepLoginBody) => Promise<types.PlatformOverstepLoginResponse>

  /**
   * Platform accounts in reach
   *
   * The short-video accounts of every merchant in the caller's reach: an admin's all, a partner's its own and those of the accounts below it.
   *
   * `GET /platform/platform_user_list` · roles: admin, partner
   */
  platformPlatformUserList: (query?: types.PlatformPlatformUserListQuery) => Promise<types.PlatformPlatformUserListResponse>

  /**
   * Every voice clone on the platform (admin)
   *
   * The records of voice clones across all accounts, filtered by account, status, name and date.
   *
   * `GET /platform/platform_voice_clone_list` · roles: admin
   */
  platformPlatformVoiceCloneList: (query?: types.PlatformPlatformVoiceCloneListQuery) => Promise<types.PlatformPlatformVoiceCloneListResponse>

  /**
   * Register a merchant account with a partner's invitation code
   *
   * Open, as login is: a new merchant under the enabled partner whose service prefix number is the invitation code, with that partner's path, within the platform's merchant limit per partner (VITE_MERCHANT_COUNT_LIMITATION). Only where registration is open for the host in domain (get_system_info's allow_register). The image captcha (captcha_image) is checked and used up before the invitation code and the username are looked at; a weak password is refused before it, without using the picture up. A username that is a mainland mobile number is kept as the account's mobile too. Answers a session, as login does. Rate-limited per address (HTTP 429).
   *
   * `POST /platform/register` · open: no sign-in needed
   */
  platformRegister: (body: types.PlatformRegisterBody) => Promise<types.PlatformRegisterResponse>

  /**
   * Set a new password with a reset code
   *
   * The code from get_captcha works once, until it expires, and only a few wrong tries are allowed. Every session of the account is signed out.
   *
   * `POST /platform/reset_pwd` · open: no sign-in needed
   */
  platformResetPwd: (body: types.PlatformResetPwdBody) => Promise<types.PlatformResetPwdResponse>

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
   * Change settings of a group (admin)
   *
   * Validated against the group's schema; a bad value is a field error at /values/NAME.
   *
   * `POST /platform/set_config` · roles: admin
   */
  platformSetConfig: (body: types.PlatformSetConfigBody) => Promise<types.PlatformSetConfigResponse>

  /**
   * Transfer balance or a quota to one of your own children
   *
   * Moves yuan (kind money) or whole units of a quota from the caller to an account directly below it. The caller's matching can_transfer flag must be 1 (set by its own parent with edit_transfer_config); an admin is never limited. Both ledger rows and the transfer record are written in one transaction.
   *
   * `POST /platform/transfer` · roles: admin, partner
   */
  platformTransfer: (body: types.PlatformTransferBody) => Promise<types.PlatformTransferResponse>

  /**
   * Transfers
   *
   * Transfers sent by the caller, and those sent by accounts below it.
   *
   * `GET /platform/transfer_record` · roles: admin, partner
   */
  platformTransferRecord: (query?: types.PlatformTransferRecordQuery) => Promise<types.PlatformTransferRecordResponse>

  /**
   * The caller's own balance ledger
   *
   * Every change of the caller's balance, newest first, filtered by type and date. Own rows only, whatever the role.
   *
   * `GET /platform/user_money_log` · roles: admin, partner, merchant
   */
  platformUserMoneyLog: (query?: types.PlatformUserMoneyLogQuery) => Promise<types.PlatformUserMoneyLogResponse>

  /**
   * Export the caller's own balance ledger as CSV or Excel
   *
   * A download link (signed in by a one-use ticket=, platform/download_ticket): every row platform/user_money_log would answer for the same filters (type, date), the caller's own only, as CSV (UTF-8 with a byte-order mark) or XLSX, written while it is read. Column titles, enum values and each row's description (the task it paid for, what an exchange bought, the order or card it credited) come in the caller's language (lang=).
   *
   * Answers a file, not an envelope.
   *
   * `GET /platform/user_money_log_export` · roles: admin, partner, merchant
   */
  platformUserMoneyLogExport: (query?: types.PlatformUserMoneyLogExportQuery) => Promise<unknown>

  /**
   * The caller's own quota ledger
   *
   * Every change of the caller's digital-human, advanced and voice-clone quotas, filtered by quota, type and date. Own rows only, whatever the role.
   *
   * `GET /platform/user_quota_log` · roles: admin, partner, merchant
   */
  platformUserQuotaLog: (query?: types.PlatformUserQuotaLogQuery) => Promise<types.PlatformUserQuotaLogResponse>

  /**
   * Export the caller's own quota ledger as CSV or Excel
   *
   * A download link (signed in by a one-use ticket=, platform/download_ticket): every row platform/user_quota_log would answer for the same filters (quota, type, date), the caller's own only, as CSV (UTF-8 with a byte-order mark) or XLSX, written while it is read. Column titles, enum values and each row's description (the task it paid for, what an exchange gave) come in the caller's language (lang=).
   *
   * Answers a file, not an envelope.
   *
   * `GET /platform/user_quota_log_export` · roles: admin, partner, merchant
   */
  platformUserQuotaLogExport: (query?: types.PlatformUserQuotaLogExportQuery) => Promise<unknown>

  /**
   * Add an assisted account
   *
   * An account on a platform with no open posting API for it (Xiaohongshu, WeChat Channels), added by its name: its posts are prepared by the console and made by a person. Douyin and Kuaishou accounts come only from their owner authorizing them through a link.
   *
   * `POST /platform_account/add` · roles: partner, merchant
   */
  platformAccountAdd: (body: types.PlatformAccountAddBody) => Promise<types.PlatformAccountAddResponse>

  /**
   * Delete account authorization by id
   *
   * `POST /platform_account/del` · roles: partner, merchant
   */
  platformAccountDel: (body: types.PlatformAccountDelBody) => Promise<types.PlatformAccountDelResponse>

  /**
   * One of account authorization by id
   *
   * `GET /platform_account/detail` · roles: partner, merchant
   */
  platformAccountDetail: (query: types.PlatformAccountDetailQuery) => Promise<types.PlatformAccountDetailResponse>

  /**
   * Change one of account authorization
   *
   * `POST /platform_account/edit` · roles: partner, merchant
   */
  platformAccountEdit: (body: types.PlatformAccountEditBody) => Promise<types.PlatformAccountEditResponse>

  /**
   * Which services do the AI work, and whether they can be reached
   *
   * For each capability (voice clone, speech, avatar clone, digital-human video, the AI writer, stock footage): the provider the platform uses now, what it really does, and whether it is ready: configured, and answering when asked. Said in the caller's language. The screens that submit such work show it above their form.
   *
   * `GET /provider/status` · roles: admin, partner, merchant
   */
  providerStatus: () => Promise<types.ProviderStatusResponse>

  /**
   * Add a partner
   *
   * A partner account under the admin. The service prefix number, when given, must not be used by any other account.
   *
   * `POST /provider_service/add` · roles: admin
   */
  providerServiceAdd: (body: types.ProviderServiceAddBody) => Promise<types.ProviderServiceAddResponse>

  /**
   * Add an agent
   *
   * An agent (salesperson) under the caller, or under parent_id: a partner the caller reaches.
   *
   * `POST /provider_service/add_agent` · roles: admin, partner
   */
  providerServiceAddAgent: (body: types.ProviderServiceAddAgentBody) => Promise<types.ProviderServiceAddAgentResponse>

  /**
   * Add a merchant
   *
   * A merchant under the caller, or under parent_id: a partner the caller reaches. A partner may have at most VITE_MERCHANT_COUNT_LIMITATION merchants (platform settings; -1 is unlimited).
   *
   * `POST /provider_service/add_by_service` · roles: admin, partner
   */
  providerServiceAddByService: (body: types.ProviderServiceAddByServiceBody) => Promise<types.ProviderServiceAddByServiceResponse>

  /**
   * List agents
   *
   * Agents (salespeople) below the caller.
   *
   * `GET /provider_service/agent` · roles: admin, partner
   */
  providerServiceAgent: (query?: types.ProviderServiceAgentQuery) => Promise<types.ProviderServiceAgentResponse>

  /**
   * One agent
   *
   * `GET /provider_service/agent_detail` · roles: admin, partner
   */
  providerServiceAgentDetail: (query: types.ProviderServiceAgentDetailQuery) => Promise<types.ProviderServiceAgentDetailResponse>

  /**
   * One partner
   *
   * `GET /provider_service/detail` · roles: admin, partner
   */
  providerServiceDetail: (query: types.ProviderServiceDetailQuery) => Promise<types.ProviderServiceDetailResponse>

  /**
   * Edit a partner
   *
   * Fields left out keep their value. A new password or status 0 (disabled) signs the partner out everywhere.
   *
   * `POST /provider_service/edit` · roles: admin
   */
  providerServiceEdit: (body: types.ProviderServiceEditBody) => Promise<types.ProviderServiceEditResponse>

  /**
   * Adjust a partner's balance or one of its counts
   *
   * Adds (positive) or takes (negative) yuan of the balance (kind money, the default) or whole units of one quota (digital-human, advanced digital-human or voice-clone count), with the reason kept in that ledger as an adjustment. Nothing goes below 0: taking more than the account has is refused on amount, naming what it has. A retried call with the same idempotency_key (or Idempotency-Key header) is applied once.
   *
   * `POST /provider_service/edit_account` · roles: admin
   */
  providerServiceEditAccount: (body: types.ProviderServiceEditAccountBody) => Promise<types.ProviderServiceEditAccountResponse>

  /**
   * Edit an agent
   *
   * Fields left out keep their value. A new password or status 0 (disabled) signs the agent out everywhere.
   *
   * `POST /provider_service/edit_agent` · roles: admin, partner
   */
  providerServiceEditAgent: (body: types.ProviderServiceEditAgentBody) => Promise<types.ProviderServiceEditAgentResponse>

  /**
   * Edit a merchant
   *
   * Fields left out keep their value. A new password or status 0 (disabled) signs the merchant out everywhere.
   *
   * `POST /provider_service/edit_by_service` · roles: admin, partner
   */
  providerServiceEditByService: (body: types.ProviderServiceEditByServiceBody) => Promise<types.ProviderServiceEditByServiceResponse>

  /**
   * Set a partner's level
   *
   * `POST /provider_service/edit_type` · roles: admin
   */
  providerServiceEditType: (body: types.ProviderServiceEditTypeBody) => Promise<types.ProviderServiceEditTypeResponse>

  /**
   * List partners
   *
   * Partners (service providers) below the caller: every partner for an admin, the partners under a partner.
   *
   * `GET /provider_service` · roles: admin, partner
   */
  providerServiceList: (query?: types.ProviderServiceListQuery) => Promise<types.ProviderServiceListResponse>

  /**
   * List merchants
   *
   * Merchants below the caller: every merchant for an admin, a partner's own (and its partners') merchants.
   *
   * `GET /provider_service/merchant` · roles: admin, partner
   */
  providerServiceMerchant: (query?: types.ProviderServiceMerchantQuery) => Promise<types.ProviderServiceMerchantResponse>

  /**
   * One merchant
   *
   * `GET /provider_service/merchant_detail` · roles: admin, partner
   */
  providerServiceMerchantDetail: (query: types.ProviderServiceMerchantDetailQuery) => Promise<types.ProviderServiceMerchantDetailResponse>

  /**
   * Accounts directly below one account, for the relation tree
   *
   * Without parent_id: the caller's roots, every top-level account for an admin, the caller itself for a partner. With parent_id: that account's direct children, by id, at most limit of them after after_id; more says whether others follow. parent_id must be in the caller's subtree (for a partner, itself or an account below it); any other answers as a missing account. Each node carries child_count, so a leaf needs no further call.
   *
   * `GET /provider_service/tree_children` · roles: admin, partner
   */
  providerServiceTreeChildren: (query?: types.ProviderServiceTreeChildrenQuery) => Promise<types.ProviderServiceTreeChildrenResponse>

  /**
   * Find accounts in the relation tree by name, username or mobile
   *
   * A keyword of digits (and + - or spaces) finds accounts whose mobile or username starts with it; any other keyword, accounts whose name or username contains it, ignoring case. Only accounts in the caller's subtree are searched (for an admin, all). Each match lists the ids of its ancestors from the caller's root down to its parent, and those ancestors are in ancestors, so the tree can be opened down to it.
   *
   * `GET /provider_service/tree_search` · roles: admin, partner
   */
  providerServiceTreeSearch: (query: types.ProviderServiceTreeSearchQuery) => Promise<types.ProviderServiceTreeSearchResponse>

  /**
   * Service prefix numbers in use
   *
   * `GET /provider_service/used_service_prefix_no_list` · roles: admin
   */
  providerServiceUsedServicePrefixNoList: (query?: types.ProviderServiceUsedServicePrefixNoListQuery) => Promise<types.ProviderServiceUsedServicePrefixNoListResponse>

  /**
   * Issue a batch of recharge cards
   *
   * Issues quantity cards (1 to 10,000) of one value: yuan of balance (kind money) or whole units of a quota. Every card gets its own password, 16 characters of A-Z and 2-9 without look-alikes drawn from the operating system's random source (80 bits), unique across all cards, and the batch gets one batch number. Only an admin issues cards, and the admin holds them until it transfers them down (transfer_card): nothing is taken from a balance when they are issued, and a card credits its redeemer only when it is used. The answer is the batch, without passwords; the holder reads them from export_data.
   *
   * `POST /recharge_card/add` · roles: admin
   */
  rechargeCardAdd: (body: types.RechargeCardAddBody) => Promise<types.RechargeCardAddResponse>

  /**
   * Delete unused cards
   *
   * Deletes unused cards the caller holds. If any of the ids is a used card (kept: the ledger names it) or a card the caller does not hold, nothing is deleted and the answer names those ids.
   *
   * `POST /recharge_card/batch_del` · roles: admin, partner
   */
  rechargeCardBatchDel: (body: types.RechargeCardBatchDelBody) => Promise<types.RechargeCardBatchDelResponse>

  /**
   * List the cards you can transfer or delete
   *
   * Unused cards the caller holds itself, whatever its role (an admin's own, not everyone's): the ones transfer_card and batch_del accept, for pickers. Passwords are masked as in card_list.
   *
   * `GET /recharge_card/can_operate_card_list` · roles: admin, partner
   */
  rechargeCardCanOperateCardList: (query?: types.RechargeCardCanOperateCardListQuery) => Promise<types.RechargeCardCanOperateCardListResponse>

  /**
   * List recharge cards
   *
   * Cards page by page, with the filters of the card-password screen (status, batch, name, worth, holder, issue and redemption dates). An admin sees every card; a partner the cards held by itself or by any account below it, which are the cards it holds and those it passed down. Passwords are never listed: card_mask shows the first and last four characters.
   *
   * `GET /recharge_card/card_list` · roles: admin, partner
   */
  rechargeCardCardList: (query?: types.RechargeCardCardListQuery) => Promise<types.RechargeCardCardListResponse>

  /**
   * Rename a card
   *
   * Changes the name of a card the caller holds, used or not. A card held by another account is refused as not yours, whether or not it exists.
   *
   * `POST /recharge_card/edit_card` · roles: admin, partner
   */
  rechargeCardEditCard: (body: types.RechargeCardEditCardBody) => Promise<types.RechargeCardEditCardResponse>

  /**
   * Export recharge cards as CSV or Excel
   *
   * A download link (signed in by a one-use ticket=, platform/download_ticket): every card card_list would answer for the same filters and caller, in id order, as CSV (UTF-8 with a byte-order mark, for Excel) or XLSX, written while it is read from the database in chunks. Column titles and enum values come in the caller's language (lang=zh-CN or en-US, else Accept-Language). The password column holds the full password only for unused cards the caller holds itself, so that it can hand them out; every other card shows its mask. A text cell that starts with = + - @, a tab or a carriage return gets a leading ' so a spreadsheet shows it and never runs it as a formula.
   *
   * Answers a file, not an envelope.
   *
   * `GET /recharge_card/export_data` · roles: admin, partner
   */
  rechargeCardExportData: (query?: types.RechargeCardExportDataQuery) => Promise<unknown>

  /**
   * Set a card's remark
   *
   * Changes the remark of a card the caller holds, used or not (an empty remark clears it). A card held by another account is refused as not yours, whether or not it exists.
   *
   * `POST /recharge_card/remark_card` · roles: admin, partner
   */
  rechargeCardRemarkCard: (body: types.RechargeCardRemarkCardBody) => Promise<types.RechargeCardRemarkCardResponse>

  /**
   * Transfer unused cards to a partner directly below you
   *
   * Moves unused cards the caller holds to to_user_id, which must be one of the caller's own children (as for /platform/transfer) and a partner: cards are held only by those who manage them (admins and partners); a merchant gets a card's value by redeeming its password. Name the cards by id (a row), ids (up to 1,000), or batch_no with an optional quantity (that many of the batch's unused cards the caller holds, oldest first; all of them without it). A card that is used or not held by the caller refuses the whole transfer; all cards move together or none does.
   *
   * `POST /recharge_card/transfer_card` · roles: admin, partner
   */
  rechargeCardTransferCard: (body: types.RechargeCardTransferCardBody) => Promise<types.RechargeCardTransferCardResponse>

  /**
   * Redeem a recharge card
   *
   * Redeems a card by its password for the caller, whatever its role: the card's yuan go to the caller's balance, or its units to the matching quota, with a ledger row of type card that names the card (related_type recharge_card). A card is credited exactly once: marking it used and writing the ledger row happen in one transaction, and only the request that changes it from unused gets to write. Spaces, dashes and lower case in the password are ignored. A wrong password, or one already used, is an error on the card_password field.
   *
   * `POST /recharge_card/use_card` · roles: any signed-in account
   */
  rechargeCardUseCard: (body: types.RechargeCardUseCardBody) => Promise<types.RechargeCardUseCardResponse>

  /**
   * Cancel an order awaiting payment
   *
   * Only for an order still created. An admin may cancel any; a partner the orders it placed itself. A paid, credited or cancelled order cannot be cancelled.
   *
   * `POST /recharge_order/cancel` · roles: admin, partner
   */
  rechargeOrderCancel: (body: types.RechargeOrderCancelBody) => Promise<types.RechargeOrderCancelResponse>

  /**
   * Confirm an order's offline payment and credit the buyer
   *
   * Only for an order still created (awaiting payment): marks it paid with the payment's reference and credits the buyer the order's balance and quota units through the ledger (type recharge), then marks it credited, all in one transaction. The order's status is changed only where it is still created, so a second or concurrent confirmation credits nothing and answers that the order is no longer awaiting payment.
   *
   * `POST /recharge_order/confirm_paid` · roles: admin
   */
  rechargeOrderConfirmPaid: (body: types.RechargeOrderConfirmPaidBody) => Promise<types.RechargeOrderConfirmPaidResponse>

  /**
   * Order a recharge package
   *
   * Places an order, status created, for a package on sale, copying its name, price and credits. A partner orders for itself; an admin orders on a partner's behalf and names it in user_id. Nothing is credited until an admin confirms the payment (confirm_paid).
   *
   * `POST /recharge_order/create` · roles: admin, partner
   */
  rechargeOrderCreate: (body: types.RechargeOrderCreateBody) => Promise<types.RechargeOrderCreateResponse>

  /**
   * One recharge order by id
   *
   * Any order for an admin; for a partner one of its own, otherwise it does not exist.
   *
   * `GET /recharge_order/detail` · roles: admin, partner
   */
  rechargeOrderDetail: (query: types.RechargeOrderDetailQuery) => Promise<types.RechargeOrderDetailResponse>

  /**
   * List recharge orders
   *
   * Every order for an admin; a partner's own orders only (those it bought, or an admin placed for it), not those of partners below it.
   *
   * `GET /recharge_order/list` · roles: admin, partner
   */
  rechargeOrderList: (query?: types.RechargeOrderListQuery) => Promise<types.RechargeOrderListResponse>

  /**
   * Add a recharge package
   *
   * Price in yuan (above 0) and what an order for it credits: balance in yuan and/or units of the three quotas. An order for a package that credits nothing is refused.
   *
   * `POST /recharge_package/add` · roles: admin
   */
  rechargePackageAdd: (body: types.RechargePackageAddBody) => Promise<types.RechargePackageAddResponse>

  /**
   * Delete recharge packages by id
   *
   * Deletes packages no order points at; if any of them has orders, nothing is deleted and the answer names it (switch it off instead: status 0). All or nothing.
   *
   * `POST /recharge_package/del` · roles: admin
   */
  rechargePackageDel: (body: types.RechargePackageDelBody) => Promise<types.RechargePackageDelResponse>

  /**
   * One recharge package by id
   *
   * `GET /recharge_package/detail` · roles: admin
   */
  rechargePackageDetail: (query: types.RechargePackageDetailQuery) => Promise<types.RechargePackageDetailResponse>

  /**
   * Change a recharge package
   *
   * Fields left out keep their value. Orders already placed keep the price and credits they were placed with; status 0 takes the package off sale.
   *
   * `POST /recharge_package/edit` · roles: admin
   */
  rechargePackageEdit: (body: types.RechargePackageEditBody) => Promise<types.RechargePackageEditResponse>

  /**
   * List recharge packages
   *
   * Every package, on sale or not, for the admins who keep them.
   *
   * `GET /recharge_package/list` · roles: admin
   */
  rechargePackageList: (query?: types.RechargePackageListQuery) => Promise<types.RechargePackageListResponse>

  /**
   * Recharge packages on sale
   *
   * The packages a partner can order now (status 1), in sort order; the order form picks from them.
   *
   * `GET /recharge_package/on_sale` · roles: admin, partner
   */
  rechargePackageOnSale: (query?: types.RechargePackageOnSaleQuery) => Promise<types.RechargePackageOnSaleResponse>

  /**
   * Make a release plan
   *
   * Every chosen work goes to every chosen account at the plan's slots: each account's posts fill its slots in turn from the start time, no more a day than the daily cap, each at a random delay of up to jitter_minutes. A pair whose work was already posted to that account (in any plan) is skipped and counted. Douyin and Kuaishou posts are queued as platform_post tasks for their times; an assisted account's posts wait for a person.
   *
   * `POST /release_plan/add` · roles: partner, merchant
   */
  releasePlanAdd: (body: types.ReleasePlanAddBody) => Promise<types.ReleasePlanAddResponse>

  /**
   * Cancel a release plan
   *
   * Posts not yet begun are cancelled for good and their works may go to those accounts in another plan; posts under way finish, and posts made stay.
   *
   * `POST /release_plan/cancel` · roles: partner, merchant
   */
  releasePlanCancel: (body: types.ReleasePlanCancelBody) => Promise<types.ReleasePlanCancelResponse>

  /**
   * One of release plans by id
   *
   * `GET /release_plan/detail` · roles: partner, merchant
   */
  releasePlanDetail: (query: types.ReleasePlanDetailQuery) => Promise<types.ReleasePlanDetailResponse>

  /**
   * List release plans
   *
   * `GET /release_plan/list` · roles: partner, merchant
   */
  releasePlanList: (query?: types.ReleasePlanListQuery) => Promise<types.ReleasePlanListResponse>

  /**
   * Pause a release plan
   *
   * Posts not yet begun wait; posts under way finish. Resume sends the waiting ones at their times, or at once where their time has passed.
   *
   * `POST /release_plan/pause` · roles: partner, merchant
   */
  releasePlanPause: (body: types.ReleasePlanPauseBody) => Promise<types.ReleasePlanPauseResponse>

  /**
   * Resume a paused release plan
   *
   * Each waiting post is queued again for its time, or at once where its time has passed.
   *
   * `POST /release_plan/resume` · roles: partner, merchant
   */
  releasePlanResume: (body: types.ReleasePlanResumeBody) => Promise<types.ReleasePlanResumeResponse>

  /**
   * Say an assisted post was made
   *
   * For an account on a platform without an open posting API: the person who posted the video by hand says so, with the post's link if they have it. The post counts as published from then on.
   *
   * `POST /release_post/confirm` · roles: partner, merchant
   */
  releasePostConfirm: (body: types.ReleasePostConfirmBody) => Promise<types.ReleasePostConfirmResponse>

  /**
   * One of video data by id
   *
   * `GET /release_post/detail` · roles: partner, merchant
   */
  releasePostDetail: (query: types.ReleasePostDetailQuery) => Promise<types.ReleasePostDetailResponse>

  /**
   * Follow posts live (Server-Sent Events)
   *
   * A text/event-stream of every change to the posts in the caller's reach: one event "release_post" per change, its data the post as release_post/detail answers it, its id a cursor (Last-Event-ID or ?since= resumes). It may sign in with a one-use ?ticket= (platform/download_ticket), asked for at each connection.
   *
   * Answers a file, not an envelope.
   *
   * `GET /release_post/events` · roles: partner, merchant
   */
  releasePostEvents: (query?: types.ReleasePostEventsQuery) => Promise<unknown>

  /**
   * Export posts and their figures as CSV or Excel
   *
   * A download link (signed in by a one-use ticket=, platform/download_ticket): every post release_post/list would answer for the same filters and caller, with its figures, as CSV (UTF-8 with a byte-order mark) or XLSX, written while it is read. Column titles, enum values and related records' names come in the caller's language (lang=).
   *
   * Answers a file, not an envelope.
   *
   * `GET /release_post/export_data` · roles: partner, merchant
   */
  releasePostExportData: (query?: types.ReleasePostExportDataQuery) => Promise<unknown>

  /**
   * List video data
   *
   * `GET /release_post/list` · roles: partner, merchant
   */
  releasePostList: (query?: types.ReleasePostListQuery) => Promise<types.ReleasePostListResponse>

  /**
   * Post a failed post again
   *
   * A post that failed (its account had to be authorized again, the platform refused it) is queued again at once. Its recorded upload is not reused: the new try starts afresh.
   *
   * `POST /release_post/retry` · roles: partner, merchant
   */
  releasePostRetry: (body: types.ReleasePostRetryBody) => Promise<types.ReleasePostRetryResponse>

  /**
   * Posts' figures added up by plan, account or work
   *
   * The caller's posts in reach, grouped: per plan, account or work, how many posts and their views, likes, comments and shares as last read from the platforms (the newest 20 groups by views). Filters narrow it as they narrow release_post/list.
   *
   * `GET /release_post/stats` · roles: partner, merchant
   */
  releasePostStats: (query?: types.ReleasePostStatsQuery) => Promise<types.ReleasePostStatsResponse>

  /**
   * Cancel a queued or running task
   *
   * Stops the task immediately (a running ffmpeg is killed), gives its reserved cost back in the same transaction, and keeps nothing it made. A task that has already ended answers so and changes nothing.
   *
   * `POST /task/cancel` · roles: admin, partner, merchant
   */
  taskCancel: (body: types.TaskCancelBody) => Promise<types.TaskCancelResponse>

  /**
   * Delete ended tasks
   *
   * Removes tasks that have ended (succeeded, failed or cancelled) from the list; the works they made stay. A queued or running task must be cancelled first, and then nothing is deleted.
   *
   * `POST /task/del` · roles: admin, partner, merchant
   */
  taskDel: (body: types.TaskDelBody) => Promise<types.TaskDelResponse>

  /**
   * One task by id
   *
   * The task with its progress, stage, result and error, if it is in the caller's reach.
   *
   * `GET /task/detail` · roles: admin, partner, merchant
   */
  taskDetail: (query: types.TaskDetailQuery) => Promise<types.TaskDetailResponse>

  /**
   * What a task would make and cost: smart clip
   *
   * Checks a body as task/submit_clip does, its limits included, and answers what the task would make (size), the limits it was checked against, what it would cost and what to know before sending (notices), without creating or charging anything. A body over a limit is refused with the refusal the submit would give.
   *
   * `POST /task/estimate_clip` · roles: partner, merchant
   */
  taskEstimateClip: (body: types.TaskEstimateClipBody) => Promise<types.TaskEstimateClipResponse>

  /**
   * What a task would make and cost: mixed cut
   *
   * Checks a body as task/submit_mixed_cut does, its limits included, and answers what the task would make (size), the limits it was checked against, what it would cost and what to know before sending (notices), without creating or charging anything. A body over a limit is refused with the refusal the submit would give.
   *
   * `POST /task/estimate_mixed_cut` · roles: partner, merchant
   */
  taskEstimateMixedCut: (body: types.TaskEstimateMixedCutBody) => Promise<types.TaskEstimateMixedCutResponse>

  /**
   * What a task would make and cost: video from a topic
   *
   * Checks a body as task/submit_topic_video does, its limits included, and answers what the task would make (size), the limits it was checked against, what it would cost and what to know before sending (notices), without creating or charging anything. A body over a limit is refused with the refusal the submit would give.
   *
   * `POST /task/estimate_topic_video` · roles: partner, merchant
   */
  taskEstimateTopicVideo: (body: types.TaskEstimateTopicVideoBody) => Promise<types.TaskEstimateTopicVideoResponse>

  /**
   * Follow tasks live (Server-Sent Events)
   *
   * A text/event-stream of every change to the tasks in the caller's reach: one event "task" per change, its data the task as task/detail answers it, its id a cursor. A client that reconnects sends the last id (Last-Event-ID, or ?since=) and misses nothing. Browsers' EventSource cannot send headers, so it may sign in with a one-use ?ticket= (platform/download_ticket), asked for at each connection.
   *
   * Answers a file, not an envelope.
   *
   * `GET /task/events` · roles: admin, partner, merchant
   */
  taskEvents: (query?: types.TaskEventsQuery) => Promise<unknown>

  /**
   * List tasks
   *
   * The tasks in the caller's reach, of every kind: an admin's all, a partner's own and those of the accounts below it, anyone else's own. Newest first; filter by kind and status.
   *
   * `GET /task/list` · roles: admin, partner, merchant
   */
  taskList: (query?: types.TaskListQuery) => Promise<types.TaskListResponse>

  /**
   * Try a failed or cancelled task again
   *
   * Queues the task again with the same input, reserving its cost anew (a run of its own in the ledger). Steps it had finished are not done twice.
   *
   * `POST /task/retry` · roles: admin, partner, merchant
   */
  taskRetry: (body: types.TaskRetryBody) => Promise<types.TaskRetryResponse>

  /**
   * Submit a task: image clone
   *
   * Makes an avatar from a training video of the person (at least 8 s, the shorter side at least 360 px, one continuous shot) through the active avatar-clone provider. The embedded provider keeps a seamless loop and a still of the video and makes no model of the person: its videos move the lips only when a lip-sync video provider (HeyGem, HeyGen) renders them. Writes an avatar record, whether it succeeds or not. The task is queued at once and answered as it stands; follow it with task/detail or task/events. Its cost is reserved now, kept when it succeeds and given back when it fails or is cancelled.
   *
   * `POST /task/submit_avatar_clone` · roles: partner, merchant
   */
  taskSubmitAvatarClone: (body: types.TaskSubmitAvatarCloneBody) => Promise<types.TaskSubmitAvatarCloneResponse>

  /**
   * Submit a task: hd image clone
   *
   * The same from a longer, sharper training video (at least 15 s, the shorter side at least 720 px), for a sharper avatar: one unit of digital_man_advanced_count. The task is queued at once and answered as it stands; follow it with task/detail or task/events. Its cost is reserved now, kept when it succeeds and given back when it fails or is cancelled.
   *
   * `POST /task/submit_avatar_clone_hd` · roles: partner, merchant
   */
  taskSubmitAvatarCloneHd: (body: types.TaskSubmitAvatarCloneHdBody) => Promise<types.TaskSubmitAvatarCloneHdResponse>

  /**
   * Submit up to 20 tasks at once: digital-human video
   *
   * One task per input, each input checked as task/submit_digital_video checks its body (a field error names the input: /inputs/2/script). All are created, their costs reserved and queued in one transaction, or none is: a batch the balance cannot pay for makes nothing.
   *
   * `POST /task/submit_batch_digital_video` · roles: partner, merchant
   */
  taskSubmitBatchDigitalVideo: (body: types.TaskSubmitBatchDigitalVideoBody) => Promise<types.TaskSubmitBatchDigitalVideoResponse>

  /**
   * Submit a task: smart clip
   *
   * Cuts one video from materials: each segment a material trimmed to [start, end], joined with a transition, fitted to the shape, with subtitles burned in (typed text timed by sentence, or an SRT), a voice-over read sentence by sentence, background music and a cover frame. Made by ffmpeg on this platform's workers. The task is queued at once and answered as it stands; follow it with task/detail or task/events. Its cost is reserved now, kept when it succeeds and given back when it fails or is cancelled.
   *
   * `POST /task/submit_clip` · roles: partner, merchant
   */
  taskSubmitClip: (body: types.TaskSubmitClipBody) => Promise<types.TaskSubmitClipResponse>

  /**
   * Submit a task: digital-human video
   *
   * Makes a video of an avatar saying a script: the speech from the chosen voice (or a stock one), sentence by sentence, with subtitles timed to when each sentence is said, a background picture and music. The embedded provider moves the avatar's loop behind the speech: a local render with no lip sync, which the work says. Costs platform.digital_short_video_text_cost per character of the script. The task is queued at once and answered as it stands; follow it with task/detail or task/events. Its cost is reserved now, kept when it succeeds and given back when it fails or is cancelled.
   *
   * `POST /task/submit_digital_video` · roles: partner, merchant
   */
  taskSubmitDigitalVideo: (body: types.TaskSubmitDigitalVideoBody) => Promise<types.TaskSubmitDigitalVideoResponse>

  /**
   * Submit a task: mixed cut
   *
   * Makes a batch of videos from scene slots: each slot a pool of materials (and caption lines to choose from); each variant takes one clip per slot (a random window of it between min and max seconds when those are given), and no two variants of the batch take the same combination. Optional voice-over read by the speech provider (locally espeak-ng), music and subtitles as in a smart clip. The task is queued at once and answered as it stands; follow it with task/detail or task/events. Its cost is reserved now, kept when it succeeds and given back when it fails or is cancelled.
   *
   * `POST /task/submit_mixed_cut` · roles: partner, merchant
   */
  taskSubmitMixedCut: (body: types.TaskSubmitMixedCutBody) => Promise<types.TaskSubmitMixedCutResponse>

  /**
   * Submit a task: platform post
   *
   * Posts one work to one Douyin or Kuaishou account for a release plan: uploads the video, then creates the post with its title and topics. Each step is recorded, so a retry after a crash never uploads or posts twice: a create that may have reached the platform before the crash is looked for among the account's posts first. All workers share one rate per platform (publishing settings). An expired access token is renewed and the step tried again. Queued by release plans at each post's time; an admin may submit one to post it now. The task is queued at once and answered as it stands; follow it with task/detail or task/events.
   *
   * `POST /task/submit_platform_post` · roles: admin
   */
  taskSubmitPlatformPost: (body: types.TaskSubmitPlatformPostBody) => Promise<types.TaskSubmitPlatformPostResponse>

  /**
   * Submit a task: video figures
   *
   * Reads the views, likes, comments and shares of an account's posts from its platform (Douyin's video data, Kuaishou's photo info). Queued by itself for every account with posts whose figures are older than stats_minutes (publishing settings). A post the platform counts is published. The task is queued at once and answered as it stands; follow it with task/detail or task/events.
   *
   * `POST /task/submit_platform_stats` · roles: admin
   */
  taskSubmitPlatformStats: (body: types.TaskSubmitPlatformStatsBody) => Promise<types.TaskSubmitPlatformStatsResponse>

  /**
   * Submit a task: platform authorization renewal
   *
   * Renews a Douyin or Kuaishou account's access token with its refresh token, before the access token ends. Queued by itself for every authorized account whose token ends within the hours the publishing settings give (token_refresh_hours), or by an admin for any account. Only when the platform says the grant is gone (the refresh token expired, or the owner cancelled the authorization) does the account say re-authorize, with the platform's reason, instead of failing at its next post; a busy or rate-limited platform is tried again, and a refusal of the app's settings fails the task for an administrator, the account kept. The task is queued at once and answered as it stands; follow it with task/detail or task/events.
   *
   * `POST /task/submit_platform_token_refresh` · roles: admin
   */
  taskSubmitPlatformTokenRefresh: (body: types.TaskSubmitPlatformTokenRefreshBody) => Promise<types.TaskSubmitPlatformTokenRefreshResponse>

  /**
   * Submit a task: video from a topic
   *
   * Makes finished videos in one step: the script written by the AI writer from a topic (or a script of your own or from the library), split into sentences; for each sentence a clip matched from the materials library by its words (tags, names, folders), a sentence the library lacks searched at the stock footage vendor when one is set up (what is downloaded kept as materials, with source and licence); each sentence read by the chosen voice; each clip covering its sentence's speech, the subtitles shown while it is said, the music ducked under the voice. The videos differ in their choice of clips, no two alike, and go into a release plan when accounts are chosen. A sentence no clip matched is said in the result, with the clip used instead. The task is queued at once and answered as it stands; follow it with task/detail or task/events. Its cost is reserved now, kept when it succeeds and given back when it fails or is cancelled.
   *
   * `POST /task/submit_topic_video` · roles: partner, merchant
   */
  taskSubmitTopicVideo: (body: types.TaskSubmitTopicVideoBody) => Promise<types.TaskSubmitTopicVideoResponse>

  /**
   * Submit a task: voice clone
   *
   * Makes a voice from a recording of someone speaking (a material, recorded in the browser or uploaded): the active voice-clone provider measures the sample and makes the voice, which the speech provider then speaks with. The embedded provider clones nothing: it picks the stock voice nearest to the sample, and says so. Writes a voice clone record, whether it succeeds or not. The task is queued at once and answered as it stands; follow it with task/detail or task/events. Its cost is reserved now, kept when it succeeds and given back when it fails or is cancelled.
   *
   * `POST /task/submit_voice_clone` · roles: partner, merchant
   */
  taskSubmitVoiceClone: (body: types.TaskSubmitVoiceCloneBody) => Promise<types.TaskSubmitVoiceCloneResponse>

  /**
   * What uses these records
   *
   * Asked before deleting records that tasks can use (materials, works): the tasks in the caller's reach whose input names them, newest first (at most 20 listed), how many there are, and how many have not ended. Records an unended task uses cannot be deleted; the works already made from them stay. An entity no task kind uses answers none.
   *
   * `POST /task/uses` · roles: admin, partner, merchant
   */
  taskUses: (body: types.TaskUsesBody) => Promise<types.TaskUsesResponse>

  /**
   * Delete video templates by id
   *
   * `POST /task_template/del` · roles: partner, merchant
   */
  taskTemplateDel: (body: types.TaskTemplateDelBody) => Promise<types.TaskTemplateDelResponse>

  /**
   * One of video templates by id
   *
   * `GET /task_template/detail` · roles: partner, merchant
   */
  taskTemplateDetail: (query: types.TaskTemplateDetailQuery) => Promise<types.TaskTemplateDetailResponse>

  /**
   * Change one of video templates
   *
   * `POST /task_template/edit` · roles: partner, merchant
   */
  taskTemplateEdit: (body: types.TaskTemplateEditBody) => Promise<types.TaskTemplateEditResponse>

  /**
   * List video templates
   *
   * `GET /task_template/list` · roles: partner, merchant
   */
  taskTemplateList: (query?: types.TaskTemplateListQuery) => Promise<types.TaskTemplateListResponse>

  /**
   * Save a task form as a template
   *
   * Kept as sent: the template is checked when a batch is made from it, input by input, as the kind's batch call checks every input.
   *
   * `POST /task_template/save` · roles: partner, merchant
   */
  taskTemplateSave: (body: types.TaskTemplateSaveBody) => Promise<types.TaskTemplateSaveResponse>

  /**
   * Short-lived rights to upload one file directly
   *
   * With S3-compatible storage: a presigned POST (upload_url and fields) for one new key, limited to the given type and size, valid for 15 minutes; the file is then readable at url. Purpose image (the default): an image of up to 5 MB, used by its url. Purpose material (for those who may register materials): a video, audio or image of up to MEDIA_MAX_MB, which material/register then probes and keeps as a material under its key. With local storage: upload_url is the API call that takes the file with the session token instead (oss_upload, or material/upload).
   *
   * `GET /upload/generate_sts_token` · roles: any signed-in account
   */
  uploadGenerateStsToken: (query: types.UploadGenerateStsTokenQuery) => Promise<types.UploadGenerateStsTokenResponse>

  /**
   * Upload an image
   *
   * multipart/form-data with one part "file": a PNG, JPEG, GIF or WebP image of at most 5 MB, recognised from its bytes (a renamed file of another type is refused). Stored under a new unguessable name on local disk (served at /uploads/…) or in the S3-compatible bucket, as configured.
   *
   * `POST /upload/oss_upload` · roles: any signed-in account
   */
  uploadOssUpload: (body: FormData) => Promise<types.UploadOssUploadResponse>

  /**
   * The console menu of the signed-in account
   *
   * Every route the caller's role may open and its profile flags allow (navigation.json profileFlag), grouped in menu order. Routes that are reachable but not shown in the menu come with hideInMenu, and with activeMenu, the path of the entry they belong under, when they declare one. The console uses it when the menuFromServer setting is on.
   *
   * `POST /api/user/menu` · roles: any signed-in account
   */
  userMenu: () => Promise<types.UserMenuResponse>

  /**
   * Delete voice clone by id
   *
   * `POST /voice_clone/del` · roles: partner, merchant
   */
  voiceCloneDel: (body: types.VoiceCloneDelBody) => Promise<types.VoiceCloneDelResponse>

  /**
   * One of voice clone by id
   *
   * `GET /voice_clone/detail` · roles: partner, merchant
   */
  voiceCloneDetail: (query: types.VoiceCloneDetailQuery) => Promise<types.VoiceCloneDetailResponse>

  /**
   * Change one of voice clone
   *
   * `POST /voice_clone/edit` · roles: partner, merchant
   */
  voiceCloneEdit: (body: types.VoiceCloneEditBody) => Promise<types.VoiceCloneEditResponse>

  /**
   * List voice clone
   *
   * `GET /voice_clone/list` · roles: partner, merchant
   */
  voiceCloneList: (query?: types.VoiceCloneListQuery) => Promise<types.VoiceCloneListResponse>

  /**
   * Hear a voice say a sentence
   *
   * The sentence spoken, as MP3, made now: by one of the caller's cloned voices (id), through the speech provider it belongs to, or by one of espeak-ng's voices on this machine (voice, with speed and pitch), as a voice field offers them. A link may sign in with a one-use ticket= (platform/download_ticket), so an audio element can play it. Nothing is kept.
   *
   * Answers a file, not an envelope.
   *
   * `GET /voice_clone/speak` · roles: partner, merchant
   */
  voiceCloneSpeak: (query: types.VoiceCloneSpeakQuery) => Promise<unknown>

  /**
   * Every voice a voice-over can be read in
   *
   * One list for a voice field: espeak-ng's voices on this platform's machines for Chinese and English (synthesized, said so in their names), the variants any of them takes ("en-us+f3"), and the caller's voices that cloned successfully ("clone:12"), each named with the service that speaks it.
   *
   * `GET /voice_clone/voices` · roles: partner, merchant
   */
  voiceCloneVoices: () => Promise<types.VoiceCloneVoicesResponse>

  /**
   * Delete works by id
   *
   * `POST /work/del` · roles: partner, merchant
   */
  workDel: (body: types.WorkDelBody) => Promise<types.WorkDelResponse>

  /**
   * One of works by id
   *
   * `GET /work/detail` · roles: partner, merchant
   */
  workDetail: (query: types.WorkDetailQuery) => Promise<types.WorkDetailResponse>

  /**
   * Change one of works
   *
   * `POST /work/edit` · roles: partner, merchant
   */
  workEdit: (body: types.WorkEditBody) => Promise<types.WorkEditResponse>

  /**
   * List works
   *
   * `GET /work/list` · roles: partner, merchant
   */
  workList: (query?: types.WorkListQuery) => Promise<types.WorkListResponse>
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
    aiAssistants: () => transport({ method: 'GET', path: '/ai/assistants' }) as Promise<types.AiAssistantsResponse>,
    aiChat: (body) => transport({ method: 'POST', path: '/ai/chat', body, download: true }),
    aiAssistantAdd: (body) => transport({ method: 'POST', path: '/ai_assistant/add', body }) as Promise<types.AiAssistantAddResponse>,
    aiAssistantDel: (body) => transport({ method: 'POST', path: '/ai_assistant/del', body }) as Promise<types.AiAssistantDelResponse>,
    aiAssistantDetail: (query) => transport({ method: 'GET', path: '/ai_assistant/detail', query }) as Promise<types.AiAssistantDetailResponse>,
    aiAssistantEdit: (body) => transport({ method: 'POST', path: '/ai_assistant/edit', body }) as Promise<types.AiAssistantEditResponse>,
    aiAssistantList: (query = {}) => transport({ method: 'GET', path: '/ai_assistant/list', query }) as Promise<types.AiAssistantListResponse>,
    aiCallList: (query = {}) => transport({ method: 'GET', path: '/ai_call/list', query }) as Promise<types.AiCallListResponse>,
    authorizationLinkAdd: (body) => transport({ method: 'POST', path: '/authorization_link/add', body }) as Promise<types.AuthorizationLinkAddResponse>,
    authorizationLinkDel: (body) => transport({ method: 'POST', path: '/authorization_link/del', body }) as Promise<types.AuthorizationLinkDelResponse>,
    authorizationLinkDetail: (query) => transport({ method: 'GET', path: '/authorization_link/detail', query }) as Promise<types.AuthorizationLinkDetailResponse>,
    authorizationLinkFormNotices: () => transport({ method: 'GET', path: '/authorization_link/form_notices' }) as Promise<types.AuthorizationLinkFormNoticesResponse>,
    authorizationLinkList: (query = {}) => transport({ method: 'GET', path: '/authorization_link/list', query }) as Promise<types.AuthorizationLinkListResponse>,
    authorizationLinkRevoke: (body) => transport({ method: 'POST', path: '/authorization_link/revoke', body }) as Promise<types.AuthorizationLinkRevokeResponse>,
    avatarDel: (body) => transport({ method: 'POST', path: '/avatar/del', body }) as Promise<types.AvatarDelResponse>,
    avatarDetail: (query) => transport({ method: 'GET', path: '/avatar/detail', query }) as Promise<types.AvatarDetailResponse>,
    avatarEdit: (body) => transport({ method: 'POST', path: '/avatar/edit', body }) as Promise<types.AvatarEditResponse>,
    avatarList: (query = {}) => transport({ method: 'GET', path: '/avatar/list', query }) as Promise<types.AvatarListResponse>,
    domainAdd: (body) => transport({ method: 'POST', path: '/domain/add', body }) as Promise<types.DomainAddResponse>,
    domainBatchDel: (body) => transport({ method: 'POST', path: '/domain/batch_del', body }) as Promise<types.DomainBatchDelResponse>,
    domainDetail: (query) => transport({ method: 'GET', path: '/domain/detail', query }) as Promise<types.DomainDetailResponse>,
    domainEdit: (body) => transport({ method: 'POST', path: '/domain/edit', body }) as Promise<types.DomainEditResponse>,
    domainList: (query = {}) => transport({ method: 'GET', path: '/domain/list', query }) as Promise<types.DomainListResponse>,
    initConfigGetConfig: () => transport({ method: 'GET', path: '/init_config/get_config' }) as Promise<types.InitConfigGetConfigResponse>,
    initConfigSetConfig: (body) => transport({ method: 'POST', path: '/init_config/set_config', body }) as Promise<types.InitConfigSetConfigResponse>,
    initConfigUploadCert: (body) => transport({ method: 'POST', path: '/init_config/upload_cert', body }) as Promise<types.InitConfigUploadCertResponse>,
    materialDel: (body) => transport({ method: 'POST', path: '/material/del', body }) as Promise<types.MaterialDelResponse>,
    materialDetail: (query) => transport({ method: 'GET', path: '/material/detail', query }) as Promise<types.MaterialDetailResponse>,
    materialEdit: (body) => transport({ method: 'POST', path: '/material/edit', body }) as Promise<types.MaterialEditResponse>,
    materialFonts: () => transport({ method: 'GET', path: '/material/fonts' }) as Promise<types.MaterialFontsResponse>,
    materialList: (query = {}) => transport({ method: 'GET', path: '/material/list', query }) as Promise<types.MaterialListResponse>,
    materialRegister: (body) => transport({ method: 'POST', path: '/material/register', body }) as Promise<types.MaterialRegisterResponse>,
    materialTools: () => transport({ method: 'GET', path: '/material/tools' }) as Promise<types.MaterialToolsResponse>,
    materialTransitionPreview: (query) => transport({ method: 'GET', path: '/material/transition_preview', query, download: true }),
    materialUpload: (body) => transport({ method: 'POST', path: '/material/upload', body }) as Promise<types.MaterialUploadResponse>,
    materialFolderAdd: (body) => transport({ method: 'POST', path: '/material_folder/add', body }) as Promise<types.MaterialFolderAddResponse>,
    materialFolderDel: (body) => transport({ method: 'POST', path: '/material_folder/del', body }) as Promise<types.MaterialFolderDelResponse>,
    materialFolderDetail: (query) => transport({ method: 'GET', path: '/material_folder/detail', query }) as Promise<types.MaterialFolderDetailResponse>,
    materialFolderEdit: (body) => transport({ method: 'POST', path: '/material_folder/edit', body }) as Promise<types.MaterialFolderEditResponse>,
    materialFolderList: (query = {}) => transport({ method: 'GET', path: '/material_folder/list', query }) as Promise<types.MaterialFolderListResponse>,
    matrixAiImitateTitle: (body) => transport({ method: 'POST', path: '/matrix/ai_imitate_title', body }) as Promise<types.MatrixAiImitateTitleResponse>,
    platformAddAgreement: (body) => transport({ method: 'POST', path: '/platform/add_agreement', body }) as Promise<types.PlatformAddAgreementResponse>,
    platformAddArticle: (body) => transport({ method: 'POST', path: '/platform/add_article', body }) as Promise<types.PlatformAddArticleResponse>,
    platformAddIndustry: (body) => transport({ method: 'POST', path: '/platform/add_industry', body }) as Promise<types.PlatformAddIndustryResponse>,
    platformAddScript: (body) => transport({ method: 'POST', path: '/platform/add_script', body }) as Promise<types.PlatformAddScriptResponse>,
    platformAgreement: (query = {}) => transport({ method: 'GET', path: '/platform/agreement', query }) as Promise<types.PlatformAgreementResponse>,
    platformAgreementDetail: (query) => transport({ method: 'GET', path: '/platform/agreement_detail', query }) as Promise<types.PlatformAgreementDetailResponse>,
    platformAgreementPublic: (query) => transport({ method: 'GET', path: '/platform/agreement_public', query }) as Promise<types.PlatformAgreementPublicResponse>,
    platformArticle: (query = {}) => transport({ method: 'GET', path: '/platform/article', query }) as Promise<types.PlatformArticleResponse>,
    platformArticleDetail: (query) => transport({ method: 'GET', path: '/platform/article_detail', query }) as Promise<types.PlatformArticleDetailResponse>,
    platformAuthorizationLinkInfo: (query) => transport({ method: 'GET', path: '/platform/authorization_link_info', query }) as Promise<types.PlatformAuthorizationLinkInfoResponse>,
    platformAuthorizationStart: (body) => transport({ method: 'POST', path: '/platform/authorization_start', body }) as Promise<types.PlatformAuthorizationStartResponse>,
    platformCaptchaImage: () => transport({ method: 'GET', path: '/platform/captcha_image' }) as Promise<types.PlatformCaptchaImageResponse>,
    platformChangePwd: (body) => transport({ method: 'POST', path: '/platform/change_pwd', body }) as Promise<types.PlatformChangePwdResponse>,
    platformConsoleSchemas: (query = {}) => transport({ method: 'GET', path: '/platform/console_schemas', query }) as Promise<types.PlatformConsoleSchemasResponse>,
    platformDashboardData: (query = {}) => transport({ method: 'GET', path: '/platform/dashboard_data', query }) as Promise<types.PlatformDashboardDataResponse>,
    platformDelAgreement: (body) => transport({ method: 'POST', path: '/platform/del_agreement', body }) as Promise<types.PlatformDelAgreementResponse>,
    platformDelArticle: (body) => transport({ method: 'POST', path: '/platform/del_article', body }) as Promise<types.PlatformDelArticleResponse>,
    platformDelIndustry: (body) => transport({ method: 'POST', path: '/platform/del_industry', body }) as Promise<types.PlatformDelIndustryResponse>,
    platformDelScript: (body) => transport({ method: 'POST', path: '/platform/del_script', body }) as Promise<types.PlatformDelScriptResponse>,
    platformDownloadTicket: (body) => transport({ method: 'POST', path: '/platform/download_ticket', body }) as Promise<types.PlatformDownloadTicketResponse>,
    platformEditAgreement: (body) => transport({ method: 'POST', path: '/platform/edit_agreement', body }) as Promise<types.PlatformEditAgreementResponse>,
    platformEditArticle: (body) => transport({ method: 'POST', path: '/platform/edit_article', body }) as Promise<types.PlatformEditArticleResponse>,
    platformEditIndustry: (body) => transport({ method: 'POST', path: '/platform/edit_industry', body }) as Promise<types.PlatformEditIndustryResponse>,
    platformEditScript: (body) => transport({ method: 'POST', path: '/platform/edit_script', body }) as Promise<types.PlatformEditScriptResponse>,
    platformEditTransferConfig: (body) => transport({ method: 'POST', path: '/platform/edit_transfer_config', body }) as Promise<types.PlatformEditTransferConfigResponse>,
    platformEditUserInfo: (body = {}) => transport({ method: 'POST', path: '/platform/edit_user_info', body }) as Promise<types.PlatformEditUserInfoResponse>,
    platformExchange: (body) => transport({ method: 'POST', path: '/platform/exchange', body }) as Promise<types.PlatformExchangeResponse>,
    platformExchangeNotices: () => transport({ method: 'GET', path: '/platform/exchange_notices' }) as Promise<types.PlatformExchangeNoticesResponse>,
    platformGetAccount: (query = {}) => transport({ method: 'GET', path: '/platform/get_account', query }) as Promise<types.PlatformGetAccountResponse>,
    platformGetCaptcha: (body) => transport({ method: 'POST', path: '/platform/get_captcha', body }) as Promise<types.PlatformGetCaptchaResponse>,
    platformGetConfig: (query) => transport({ method: 'GET', path: '/platform/get_config', query }) as Promise<types.PlatformGetConfigResponse>,
    platformGetPlatformConfig: () => transport({ method: 'GET', path: '/platform/get_platform_config' }) as Promise<types.PlatformGetPlatformConfigResponse>,
    platformGetSimpleConfig: (query) => transport({ method: 'GET', path: '/platform/get_simple_config', query }) as Promise<types.PlatformGetSimpleConfigResponse>,
    platformGetSingleConfig: (query) => transport({ method: 'GET', path: '/platform/get_single_config', query }) as Promise<types.PlatformGetSingleConfigResponse>,
    platformGetSystemInfo: (query) => transport({ method: 'GET', path: '/platform/get_system_info', query }) as Promise<types.PlatformGetSystemInfoResponse>,
    platformGetUserInfo: (body = {}) => transport({ method: 'POST', path: '/platform/get_user_info', body }) as Promise<types.PlatformGetUserInfoResponse>,
    platformIndustry: (query = {}) => transport({ method: 'GET', path: '/platform/industry', query }) as Promise<types.PlatformIndustryResponse>,
    platformIndustryDetail: (query) => transport({ method: 'GET', path: '/platform/industry_detail', query }) as Promise<types.PlatformIndustryDetailResponse>,
    platformLogin: (body) => transport({ method: 'POST', path: '/platform/login', body }) as Promise<types.PlatformLoginResponse>,
    platformLogout: (body = {}) => transport({ method: 'POST', path: '/platform/logout', body }) as Promise<types.PlatformLogoutResponse>,
    platformOauthCallback: (query = {}) => transport({ method: 'GET', path: '/platform/oauth_callback', query, download: true }),
    platformOverstepLog: (query = {}) => transport({ method: 'GET', path: '/platform/overstep_log', query }) as Promise<types.PlatformOverstepLogResponse>,
    platformOverstepLogin: (body) => transport({ method: 'POST', path: '/platform/overstep_login', body }) as Promise<types.PlatformOverstepLoginResponse>,
    platformPlatformUserList: (query = {}) => transport({ method: 'GET', path: '/platform/platform_user_list', query }) as Promise<types.PlatformPlatformUserListResponse>,
    platformPlatformVoiceCloneList: (query = {}) => transport({ method: 'GET', path: '/platform/platform_voice_clone_list', query }) as Promise<types.PlatformPlatformVoiceCloneListResponse>,
    platformRegister: (body) => transport({ method: 'POST', path: '/platform/register', body }) as Promise<types.PlatformRegisterResponse>,
    platformResetPwd: (body) => transport({ method: 'POST', path: '/platform/reset_pwd', body }) as Promise<types.PlatformResetPwdResponse>,
    platformScript: (query = {}) => transport({ method: 'GET', path: '/platform/script', query }) as Promise<types.PlatformScriptResponse>,
    platformScriptDetail: (query) => transport({ method: 'GET', path: '/platform/script_detail', query }) as Promise<types.PlatformScriptDetailResponse>,
    platformSetConfig: (body) => transport({ method: 'POST', path: '/platform/set_config', body }) as Promise<types.PlatformSetConfigResponse>,
    platformTransfer: (body) => transport({ method: 'POST', path: '/platform/transfer', body }) as Promise<types.PlatformTransferResponse>,
    platformTransferRecord: (query = {}) => transport({ method: 'GET', path: '/platform/transfer_record', query }) as Promise<types.PlatformTransferRecordResponse>,
    platformUserMoneyLog: (query = {}) => transport({ method: 'GET', path: '/platform/user_money_log', query }) as Promise<types.PlatformUserMoneyLogResponse>,
    platformUserMoneyLogExport: (query = {}) => transport({ method: 'GET', path: '/platform/user_money_log_export', query, download: true }),
    platformUserQuotaLog: (query = {}) => transport({ method: 'GET', path: '/platform/user_quota_log', query }) as Promise<types.PlatformUserQuotaLogResponse>,
    platformUserQuotaLogExport: (query = {}) => transport({ method: 'GET', path: '/platform/user_quota_log_export', query, download: true }),
    platformAccountAdd: (body) => transport({ method: 'POST', path: '/platform_account/add', body }) as Promise<types.PlatformAccountAddResponse>,
    platformAccountDel: (body) => transport({ method: 'POST', path: '/platform_account/del', body }) as Promise<types.PlatformAccountDelResponse>,
    platformAccountDetail: (query) => transport({ method: 'GET', path: '/platform_account/detail', query }) as Promise<types.PlatformAccountDetailResponse>,
    platformAccountEdit: (body) => transport({ method: 'POST', path: '/platform_account/edit', body }) as Promise<types.PlatformAccountEditResponse>,
    providerStatus: () => transport({ method: 'GET', path: '/provider/status' }) as Promise<types.ProviderStatusResponse>,
    providerServiceAdd: (body) => transport({ method: 'POST', path: '/provider_service/add', body }) as Promise<types.ProviderServiceAddResponse>,
    providerServiceAddAgent: (body) => transport({ method: 'POST', path: '/provider_service/add_agent', body }) as Promise<types.ProviderServiceAddAgentResponse>,
    providerServiceAddByService: (body) => transport({ method: 'POST', path: '/provider_service/add_by_service', body }) as Promise<types.ProviderServiceAddByServiceResponse>,
    providerServiceAgent: (query = {}) => transport({ method: 'GET', path: '/provider_service/agent', query }) as Promise<types.ProviderServiceAgentResponse>,
    providerServiceAgentDetail: (query) => transport({ method: 'GET', path: '/provider_service/agent_detail', query }) as Promise<types.ProviderServiceAgentDetailResponse>,
    providerServiceDetail: (query) => transport({ method: 'GET', path: '/provider_service/detail', query }) as Promise<types.ProviderServiceDetailResponse>,
    providerServiceEdit: (body) => transport({ method: 'POST', path: '/provider_service/edit', body }) as Promise<types.ProviderServiceEditResponse>,
    providerServiceEditAccount: (body) => transport({ method: 'POST', path: '/provider_service/edit_account', body }) as Promise<types.ProviderServiceEditAccountResponse>,
    providerServiceEditAgent: (body) => transport({ method: 'POST', path: '/provider_service/edit_agent', body }) as Promise<types.ProviderServiceEditAgentResponse>,
    providerServiceEditByService: (body) => transport({ method: 'POST', path: '/provider_service/edit_by_service', body }) as Promise<types.ProviderServiceEditByServiceResponse>,
    providerServiceEditType: (body) => transport({ method: 'POST', path: '/provider_service/edit_type', body }) as Promise<types.ProviderServiceEditTypeResponse>,
    providerServiceList: (query = {}) => transport({ method: 'GET', path: '/provider_service', query }) as Promise<types.ProviderServiceListResponse>,
    providerServiceMerchant: (query = {}) => transport({ method: 'GET', path: '/provider_service/merchant', query }) as Promise<types.ProviderServiceMerchantResponse>,
    providerServiceMerchantDetail: (query) => transport({ method: 'GET', path: '/provider_service/merchant_detail', query }) as Promise<types.ProviderServiceMerchantDetailResponse>,
    providerServiceTreeChildren: (query = {}) => transport({ method: 'GET', path: '/provider_service/tree_children', query }) as Promise<types.ProviderServiceTreeChildrenResponse>,
    providerServiceTreeSearch: (query) => transport({ method: 'GET', path: '/provider_service/tree_search', query }) as Promise<types.ProviderServiceTreeSearchResponse>,
    providerServiceUsedServicePrefixNoList: (query = {}) => transport({ method: 'GET', path: '/provider_service/used_service_prefix_no_list', query }) as Promise<types.ProviderServiceUsedServicePrefixNoListResponse>,
    rechargeCardAdd: (body) => transport({ method: 'POST', path: '/recharge_card/add', body }) as Promise<types.RechargeCardAddResponse>,
    rechargeCardBatchDel: (body) => transport({ method: 'POST', path: '/recharge_card/batch_del', body }) as Promise<types.RechargeCardBatchDelResponse>,
    rechargeCardCanOperateCardList: (query = {}) => transport({ method: 'GET', path: '/recharge_card/can_operate_card_list', query }) as Promise<types.RechargeCardCanOperateCardListResponse>,
    rechargeCardCardList: (query = {}) => transport({ method: 'GET', path: '/recharge_card/card_list', query }) as Promise<types.RechargeCardCardListResponse>,
    rechargeCardEditCard: (body) => transport({ method: 'POST', path: '/recharge_card/edit_card', body }) as Promise<types.RechargeCardEditCardResponse>,
    rechargeCardExportData: (query = {}) => transport({ method: 'GET', path: '/recharge_card/export_data', query, download: true }),
    rechargeCardRemarkCard: (body) => transport({ method: 'POST', path: '/recharge_card/remark_card', body }) as Promise<types.RechargeCardRemarkCardResponse>,
    rechargeCardTransferCard: (body) => transport({ method: 'POST', path: '/recharge_card/transfer_card', body }) as Promise<types.RechargeCardTransferCardResponse>,
    rechargeCardUseCard: (body) => transport({ method: 'POST', path: '/recharge_card/use_card', body }) as Promise<types.RechargeCardUseCardResponse>,
    rechargeOrderCancel: (body) => transport({ method: 'POST', path: '/recharge_order/cancel', body }) as Promise<types.RechargeOrderCancelResponse>,
    rechargeOrderConfirmPaid: (body) => transport({ method: 'POST', path: '/recharge_order/confirm_paid', body }) as Promise<types.RechargeOrderConfirmPaidResponse>,
    rechargeOrderCreate: (body) => transport({ method: 'POST', path: '/recharge_order/create', body }) as Promise<types.RechargeOrderCreateResponse>,
    rechargeOrderDetail: (query) => transport({ method: 'GET', path: '/recharge_order/detail', query }) as Promise<types.RechargeOrderDetailResponse>,
    rechargeOrderList: (query = {}) => transport({ method: 'GET', path: '/recharge_order/list', query }) as Promise<types.RechargeOrderListResponse>,
    rechargePackageAdd: (body) => transport({ method: 'POST', path: '/recharge_package/add', body }) as Promise<types.RechargePackageAddResponse>,
    rechargePackageDel: (body) => transport({ method: 'POST', path: '/recharge_package/del', body }) as Promise<types.RechargePackageDelResponse>,
    rechargePackageDetail: (query) => transport({ method: 'GET', path: '/recharge_package/detail', query }) as Promise<types.RechargePackageDetailResponse>,
    rechargePackageEdit: (body) => transport({ method: 'POST', path: '/recharge_package/edit', body }) as Promise<types.RechargePackageEditResponse>,
    rechargePackageList: (query = {}) => transport({ method: 'GET', path: '/recharge_package/list', query }) as Promise<types.RechargePackageListResponse>,
    rechargePackageOnSale: (query = {}) => transport({ method: 'GET', path: '/recharge_package/on_sale', query }) as Promise<types.RechargePackageOnSaleResponse>,
    releasePlanAdd: (body) => transport({ method: 'POST', path: '/release_plan/add', body }) as Promise<types.ReleasePlanAddResponse>,
    releasePlanCancel: (body) => transport({ method: 'POST', path: '/release_plan/cancel', body }) as Promise<types.ReleasePlanCancelResponse>,
    releasePlanDetail: (query) => transport({ method: 'GET', path: '/release_plan/detail', query }) as Promise<types.ReleasePlanDetailResponse>,
    releasePlanList: (query = {}) => transport({ method: 'GET', path: '/release_plan/list', query }) as Promise<types.ReleasePlanListResponse>,
    releasePlanPause: (body) => transport({ method: 'POST', path: '/release_plan/pause', body }) as Promise<types.ReleasePlanPauseResponse>,
    releasePlanResume: (body) => transport({ method: 'POST', path: '/release_plan/resume', body }) as Promise<types.ReleasePlanResumeResponse>,
    releasePostConfirm: (body) => transport({ method: 'POST', path: '/release_post/confirm', body }) as Promise<types.ReleasePostConfirmResponse>,
    releasePostDetail: (query) => transport({ method: 'GET', path: '/release_post/detail', query }) as Promise<types.ReleasePostDetailResponse>,
    releasePostEvents: (query = {}) => transport({ method: 'GET', path: '/release_post/events', query, download: true }),
    releasePostExportData: (query = {}) => transport({ method: 'GET', path: '/release_post/export_data', query, download: true }),
    releasePostList: (query = {}) => transport({ method: 'GET', path: '/release_post/list', query }) as Promise<types.ReleasePostListResponse>,
    releasePostRetry: (body) => transport({ method: 'POST', path: '/release_post/retry', body }) as Promise<types.ReleasePostRetryResponse>,
    releasePostStats: (query = {}) => transport({ method: 'GET', path: '/release_post/stats', query }) as Promise<types.ReleasePostStatsResponse>,
    taskCancel: (body) => transport({ method: 'POST', path: '/task/cancel', body }) as Promise<types.TaskCancelResponse>,
    taskDel: (body) => transport({ method: 'POST', path: '/task/del', body }) as Promise<types.TaskDelResponse>,
    taskDetail: (query) => transport({ method: 'GET', path: '/task/detail', query }) as Promise<types.TaskDetailResponse>,
    taskEstimateClip: (body) => transport({ method: 'POST', path: '/task/estimate_clip', body }) as Promise<types.TaskEstimateClipResponse>,
    taskEstimateMixedCut: (body) => transport({ method: 'POST', path: '/task/estimate_mixed_cut', body }) as Promise<types.TaskEstimateMixedCutResponse>,
    taskEstimateTopicVideo: (body) => transport({ method: 'POST', path: '/task/estimate_topic_video', body }) as Promise<types.TaskEstimateTopicVideoResponse>,
    taskEvents: (query = {}) => transport({ method: 'GET', path: '/task/events', query, download: true }),
    taskList: (query = {}) => transport({ method: 'GET', path: '/task/list', query }) as Promise<types.TaskListResponse>,
    taskRetry: (body) => transport({ method: 'POST', path: '/task/retry', body }) as Promise<types.TaskRetryResponse>,
    taskSubmitAvatarClone: (body) => transport({ method: 'POST', path: '/task/submit_avatar_clone', body }) as Promise<types.TaskSubmitAvatarCloneResponse>,
    taskSubmitAvatarCloneHd: (body) => transport({ method: 'POST', path: '/task/submit_avatar_clone_hd', body }) as Promise<types.TaskSubmitAvatarCloneHdResponse>,
    taskSubmitBatchDigitalVideo: (body) => transport({ method: 'POST', path: '/task/submit_batch_digital_video', body }) as Promise<types.TaskSubmitBatchDigitalVideoResponse>,
    taskSubmitClip: (body) => transport({ method: 'POST', path: '/task/submit_clip', body }) as Promise<types.TaskSubmitClipResponse>,
    taskSubmitDigitalVideo: (body) => transport({ method: 'POST', path: '/task/submit_digital_video', body }) as Promise<types.TaskSubmitDigitalVideoResponse>,
    taskSubmitMixedCut: (body) => transport({ method: 'POST', path: '/task/submit_mixed_cut', body }) as Promise<types.TaskSubmitMixedCutResponse>,
    taskSubmitPlatformPost: (body) => transport({ method: 'POST', path: '/task/submit_platform_post', body }) as Promise<types.TaskSubmitPlatformPostResponse>,
    taskSubmitPlatformStats: (body) => transport({ method: 'POST', path: '/task/submit_platform_stats', body }) as Promise<types.TaskSubmitPlatformStatsResponse>,
    taskSubmitPlatformTokenRefresh: (body) => transport({ method: 'POST', path: '/task/submit_platform_token_refresh', body }) as Promise<types.TaskSubmitPlatformTokenRefreshResponse>,
    taskSubmitTopicVideo: (body) => transport({ method: 'POST', path: '/task/submit_topic_video', body }) as Promise<types.TaskSubmitTopicVideoResponse>,
    taskSubmitVoiceClone: (body) => transport({ method: 'POST', path: '/task/submit_voice_clone', body }) as Promise<types.TaskSubmitVoiceCloneResponse>,
    taskUses: (body) => transport({ method: 'POST', path: '/task/uses', body }) as Promise<types.TaskUsesResponse>,
    taskTemplateDel: (body) => transport({ method: 'POST', path: '/task_template/del', body }) as Promise<types.TaskTemplateDelResponse>,
    taskTemplateDetail: (query) => transport({ method: 'GET', path: '/task_template/detail', query }) as Promise<types.TaskTemplateDetailResponse>,
    taskTemplateEdit: (body) => transport({ method: 'POST', path: '/task_template/edit', body }) as Promise<types.TaskTemplateEditResponse>,
    taskTemplateList: (query = {}) => transport({ method: 'GET', path: '/task_template/list', query }) as Promise<types.TaskTemplateListResponse>,
    taskTemplateSave: (body) => transport({ method: 'POST', path: '/task_template/save', body }) as Promise<types.TaskTemplateSaveResponse>,
    uploadGenerateStsToken: (query) => transport({ method: 'GET', path: '/upload/generate_sts_token', query }) as Promise<types.UploadGenerateStsTokenResponse>,
    uploadOssUpload: (body) => transport({ method: 'POST', path: '/upload/oss_upload', body }) as Promise<types.UploadOssUploadResponse>,
    userMenu: () => transport({ method: 'POST', path: '/api/user/menu', body: {} }) as Promise<types.UserMenuResponse>,
    voiceCloneDel: (body) => transport({ method: 'POST', path: '/voice_clone/del', body }) as Promise<types.VoiceCloneDelResponse>,
    voiceCloneDetail: (query) => transport({ method: 'GET', path: '/voice_clone/detail', query }) as Promise<types.VoiceCloneDetailResponse>,
    voiceCloneEdit: (body) => transport({ method: 'POST', path: '/voice_clone/edit', body }) as Promise<types.VoiceCloneEditResponse>,
    voiceCloneList: (query = {}) => transport({ method: 'GET', path: '/voice_clone/list', query }) as Promise<types.VoiceCloneListResponse>,
    voiceCloneSpeak: (query) => transport({ method: 'GET', path: '/voice_clone/speak', query, download: true }),
    voiceCloneVoices: () => transport({ method: 'GET', path: '/voice_clone/voices' }) as Promise<types.VoiceCloneVoicesResponse>,
    workDel: (body) => transport({ method: 'POST', path: '/work/del', body }) as Promise<types.WorkDelResponse>,
    workDetail: (query) => transport({ method: 'GET', path: '/work/detail', query }) as Promise<types.WorkDetailResponse>,
    workEdit: (body) => transport({ method: 'POST', path: '/work/edit', body }) as Promise<types.WorkEditResponse>,
    workList: (query = {}) => transport({ method: 'GET', path: '/work/list', query }) as Promise<types.WorkListResponse>,
  }
}
