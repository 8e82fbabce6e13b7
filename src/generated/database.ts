/**
 * Generated from schemas/ by `npm run codegen`. Do not edit by hand: change the schema files and run it again;
 * `npm run codegen -- --check` fails while this file is stale.
 *
 * The Kysely `Database` of the server: one table interface for each entity in schemas/entities
 * (its stored columns, private ones included) and for each x-tally table of running counts.
 * A table is its entity in PascalCase followed by `Table` (recharge_card → RechargeCardTable).
 */

import type { ColumnType, Generated } from 'kysely'

/**
 * A `bigint` column (money in fen): a number on both databases (db/connect.ts reads PostgreSQL's int8 as one).
 */
export type Int8 = ColumnType<number, number, number>

/**
 * A column a new row may leave out: the API fills it from the schema's default, or it stays NULL.
 */
export type Optional<T> = ColumnType<T, T | undefined, T>

/**
 * The `agreement` table (schemas/entities/agreement.json).
 */
export interface AgreementTable {
  id: Generated<number>
  kind: string
  title: string
  content: string
  published: Optional<number>
  created_at: string
  updated_at: string
}

/**
 * The `ai_assistant` table (schemas/entities/ai_assistant.json).
 */
export interface AiAssistantTable {
  id: Generated<number>
  name: string
  description: Optional<string>
  system_prompt: string
  model: Optional<string>
  temperature: Optional<number>
  roles: Optional<string>
  created_at: string
  updated_at: string
}

/**
 * The `ai_call` table (schemas/entities/ai_call.json).
 */
export interface AiCallTable {
  id: Generated<number>
  owner_id: number
  purpose: string
  assistant_id: Optional<number | null>
  model: string
  prompt_tokens: Optional<number | null>
  completion_tokens: Optional<number | null>
  duration_ms: number
  status: string
  error: Optional<string>
  created_at: string
  updated_at: string
}

/**
 * The `article` table (schemas/entities/article.json).
 */
export interface ArticleTable {
  id: Generated<number>
  title: string
  summary: Optional<string>
  content: string
  status: Optional<string>
  sort: Optional<number>
  owner_id: Optional<number>
  created_at: string
  updated_at: string
}

/**
 * The `authorization_link` table (schemas/entities/authorization_link.json).
 */
export interface AuthorizationLinkTable {
  id: Generated<number>
  owner_id: Optional<number>
  name: string
  platforms: Optional<string>
  valid_days: Optional<number>
  expires_at: Optional<string>
  status: Optional<string>
  code: Optional<string>
  host: Optional<string>
  authorized_count: Optional<number>
  created_at: string
  updated_at: string
}

/**
 * The `avatar` table (schemas/entities/avatar.json).
 */
export interface AvatarTable {
  id: Generated<number>
  name: string
  tier: string
  status: string
  render: Optional<string>
  still_url: Optional<string>
  loop_url: Optional<string>
  provider: Optional<string>
  external_id: Optional<string>
  duration: Optional<number>
  width: Optional<number>
  height: Optional<number>
  error: Optional<string>
  task_id: Optional<number | null>
  owner_id: Optional<number>
  created_at: string
  updated_at: string
}

/**
 * The `captcha_challenge` table (schemas/entities/captcha_challenge.json).
 */
export interface CaptchaChallengeTable {
  id: Generated<number>
  challenge: string
  answer_hash: Optional<string>
  expires_at: string
  used_at: Optional<string | null>
  created_at: string
  updated_at: string
}

/**
 * The `config_value` table (schemas/entities/config_value.json).
 */
export interface ConfigValueTable {
  id: Generated<number>
  group_name: string
  name: string
  value: string
  updated_by: Optional<number>
  created_at: string
  updated_at: string
}

/**
 * The `domain` table (schemas/entities/domain.json).
 */
export interface DomainTable {
  id: Generated<number>
  host: string
  name: string
  logo: Optional<string>
  copyright: Optional<string>
  icp_record_number: Optional<string>
  police_record: Optional<string>
  police_record_number: Optional<string>
  money_name: Optional<string>
  allow_register: Optional<number>
  is_default: Optional<number>
  owner_id: Optional<number>
  created_at: string
  updated_at: string
}

/**
 * The `download_ticket` table (schemas/entities/download_ticket.json).
 */
export interface DownloadTicketTable {
  id: Generated<number>
  ticket_hash: string
  user_id: number
  session_id: number
  path: string
  expires_at: string
  used_at: Optional<string | null>
  created_at: string
  updated_at: string
}

/**
 * The `idempotent_call` table (schemas/entities/idempotent_call.json).
 */
export interface IdempotentCallTable {
  id: Generated<number>
  user_id: number
  call_key: string
  request_hash: string
  state: string
  answer: Optional<string>
  created_at: string
  updated_at: string
}

/**
 * The `industry` table (schemas/entities/industry.json).
 */
export interface IndustryTable {
  id: Generated<number>
  name: string
  sort: Optional<number>
  created_at: string
  updated_at: string
}

/**
 * The `material` table (schemas/entities/material.json).
 */
export interface MaterialTable {
  id: Generated<number>
  name: string
  folder_id: Optional<number | null>
  tags: Optional<string>
  kind: string
  url: string
  thumb_url: Optional<string>
  preview_url: Optional<string>
  format: Optional<string>
  duration: Optional<number>
  width: Optional<number | null>
  height: Optional<number | null>
  fps: Optional<number | null>
  video_codec: Optional<string>
  audio_codec: Optional<string>
  size: Optional<number>
  storage_key: Optional<string>
  source_url: Optional<string>
  licence: Optional<string>
  shared: Optional<number>
  owner_id: Optional<number>
  created_at: string
  updated_at: string
}

/**
 * The `material_folder` table (schemas/entities/material_folder.json).
 */
export interface MaterialFolderTable {
  id: Generated<number>
  name: string
  owner_id: Optional<number>
  created_at: string
  updated_at: string
}

/**
 * The `oauth_state` table (schemas/entities/oauth_state.json).
 */
export interface OauthStateTable {
  id: Generated<number>
  link_id: number
  platform: string
  browser_hash: string
  expires_at: string
  used_at: Optional<string | null>
  created_at: string
  updated_at: string
}

/**
 * The `overstep_log` table (schemas/entities/overstep_log.json).
 */
export interface OverstepLogTable {
  id: Generated<number>
  operator_id: number
  merchant_id: number
  ip: Optional<string>
  user_agent: Optional<string>
  created_at: string
  updated_at: string
}

/**
 * The `platform_account` table (schemas/entities/platform_account.json).
 */
export interface PlatformAccountTable {
  id: Generated<number>
  owner_id: Optional<number>
  platform: string
  nickname: string
  avatar_url: Optional<string>
  status: Optional<string>
  open_id: Optional<string>
  access_token: Optional<string>
  refresh_token: Optional<string>
  access_expires_at: Optional<string | null>
  refresh_expires_at: Optional<string | null>
  scope: Optional<string>
  authorized_at: Optional<string | null>
  problem: Optional<string>
  link_id: Optional<number | null>
  refresh_task_id: Optional<number | null>
  stats_task_id: Optional<number | null>
  remark: Optional<string>
  created_at: string
  updated_at: string
}

/**
 * The `rate_limit_hit` table (schemas/entities/rate_limit_hit.json).
 */
export interface RateLimitHitTable {
  id: Generated<number>
  bucket: string
  hits: number
  window_ends_at: string
  created_at: string
  updated_at: string
}

/**
 * The `recharge_card` table (schemas/entities/recharge_card.json).
 */
export interface RechargeCardTable {
  id: Generated<number>
  card_password: Optional<string>
  card_mask: Optional<string>
  name: string
  batch_no: Optional<string>
  kind: string
  money: Int8 | null
  count: Optional<number>
  status: Optional<number>
  holder_id: Optional<number>
  issuer_id: Optional<number>
  used_by: Optional<number | null>
  used_at: Optional<string | null>
  remark: Optional<string>
  created_at: string
  updated_at: string
}

/**
 * Running counts of `recharge_card` rows by holder_id, status, kind (x-tally).
 */
export interface RechargeCardTallyTable {
  holder_id: number
  status: number
  kind: string
  n: number
}

/**
 * The `recharge_order` table (schemas/entities/recharge_order.json).
 */
export interface RechargeOrderTable {
  id: Generated<number>
  order_no: string
  user_id: number
  creator_id: number
  package_id: number
  package_name: string
  price: Int8
  money: Int8 | null
  digital_man_count: Optional<number>
  digital_man_advanced_count: Optional<number>
  digital_voice_count: Optional<number>
  status: Optional<string>
  remark: Optional<string>
  payment_ref: Optional<string>
  payment_remark: Optional<string>
  confirmed_by: Optional<number | null>
  paid_at: Optional<string | null>
  credited_at: Optional<string | null>
  cancelled_by: Optional<number | null>
  cancelled_at: Optional<string | null>
  cancel_reason: Optional<string>
  created_at: string
  updated_at: string
}

/**
 * The `recharge_package` table (schemas/entities/recharge_package.json).
 */
export interface RechargePackageTable {
  id: Generated<number>
  name: string
  price: Int8
  money: Int8 | null
  digital_man_count: Optional<number>
  digital_man_advanced_count: Optional<number>
  digital_voice_count: Optional<number>
  status: Optional<number>
  sort_order: Optional<number>
  remark: Optional<string>
  created_at: string
  updated_at: string
}

/**
 * The `release_plan` table (schemas/entities/release_plan.json).
 */
export interface ReleasePlanTable {
  id: Generated<number>
  owner_id: Optional<number>
  name: string
  status: Optional<string>
  start_at: string
  slots_per_day: Optional<number>
  interval_minutes: Optional<number>
  jitter_minutes: Optional<number>
  daily_cap: Optional<number>
  titles: Optional<string>
  topics: Optional<string>
  poi_id: Optional<string>
  posts_total: Optional<number>
  posts_done: Optional<number>
  posts_failed: Optional<number>
  posts_skipped: Optional<number>
  created_at: string
  updated_at: string
}

/**
 * The `release_post` table (schemas/entities/release_post.json).
 */
export interface ReleasePostTable {
  id: Generated<number>
  owner_id: Optional<number>
  plan_id: number
  work_id: number
  account_id: number
  platform: Optional<string>
  title: string
  caption: Optional<string>
  scheduled_at: string
  status: Optional<string>
  task_id: Optional<number | null>
  item_id: Optional<string>
  share_url: Optional<string>
  error: Optional<string>
  published_at: Optional<string | null>
  work_account: Optional<string | null>
  views: Optional<number | null>
  likes: Optional<number | null>
  comments: Optional<number | null>
  shares: Optional<number | null>
  stats_at: Optional<string | null>
  created_at: string
  updated_at: string
}

/**
 * The `reset_code` table (schemas/entities/reset_code.json).
 */
export interface ResetCodeTable {
  id: Generated<number>
  account_key: string
  user_id: Optional<number | null>
  code_hash: Optional<string | null>
  ip: string
  expires_at: string
  used_at: Optional<string | null>
  attempts: Optional<number>
  created_at: string
  updated_at: string
}

/**
 * The `script` table (schemas/entities/script.json).
 */
export interface ScriptTable {
  id: Generated<number>
  industry_id: number
  title: string
  content: string
  sort: Optional<number>
  created_at: string
  updated_at: string
}

/**
 * The `session` table (schemas/entities/session.json).
 */
export interface SessionTable {
  id: Generated<number>
  token_hash: Optional<string>
  user_id: number
  expires_at: string
  revoked_at: Optional<string | null>
  revoked_reason: Optional<string | null>
  overstep_by: Optional<number | null>
  opener_session_id: Optional<number | null>
  ip: Optional<string>
  user_agent: Optional<string>
  created_at: string
  updated_at: string
}

/**
 * The `task` table (schemas/entities/task.json).
 */
export interface TaskTable {
  id: Generated<number>
  kind: string
  title: Optional<string>
  owner_id: number
  status: string
  progress: Optional<number>
  stage: Optional<string>
  input: Optional<string>
  size: Optional<string>
  result: Optional<string>
  error: Optional<string>
  attempts: Optional<number>
  runs: Optional<number>
  max_attempts: Optional<number>
  cost_ledger: Optional<string>
  cost_amount: Optional<number>
  cost_state: Optional<string>
  started_at: Optional<string | null>
  finished_at: Optional<string | null>
  reference: Optional<string>
  worker: Optional<string>
  lease_until: Optional<string | null>
  steps: Optional<string>
  created_at: string
  updated_at: string
}

/**
 * The `task_job` table (schemas/entities/task_job.json).
 */
export interface TaskJobTable {
  id: Generated<number>
  task_id: number
  run_after: string
  created_at: string
  updated_at: string
}

/**
 * The `task_template` table (schemas/entities/task_template.json).
 */
export interface TaskTemplateTable {
  id: Generated<number>
  owner_id: Optional<number>
  name: string
  kind: string
  input: string
  created_at: string
  updated_at: string
}

/**
 * The `task_use` table (schemas/entities/task_use.json).
 */
export interface TaskUseTable {
  id: Generated<number>
  task_id: number
  entity: string
  record_id: number
  created_at: string
  updated_at: string
}

/**
 * The `transfer_record` table (schemas/entities/transfer_record.json).
 */
export interface TransferRecordTable {
  id: Generated<number>
  from_user_id: number
  to_user_id: number
  kind: string
  money: Int8 | null
  count: Optional<number>
  remark: Optional<string>
  idempotency_key: Optional<string | null>
  created_at: string
  updated_at: string
}

/**
 * The `account` table (schemas/entities/user.json).
 */
export interface UserTable {
  id: Generated<number>
  username: string
  password_hash: Optional<string>
  path: Optional<string>
  parent_id: Optional<number | null>
  user_type: number
  status: Optional<number>
  name: Optional<string>
  nickname: Optional<string>
  mobile: Optional<string>
  phone: Optional<string>
  email: Optional<string>
  avatar: Optional<string>
  job: Optional<string>
  jobName: Optional<string>
  organization: Optional<string>
  organizationName: Optional<string>
  location: Optional<string>
  locationName: Optional<string>
  introduction: Optional<string>
  personalWebsite: Optional<string>
  certification: Optional<number>
  service_prefix_no: Optional<string>
  service_type: Optional<number>
  service_id: Optional<number>
  money: Int8 | null
  digital_man_count: Optional<number>
  digital_man_advanced_count: Optional<number>
  digital_voice_count: Optional<number>
  show_clip_menu: Optional<number>
  can_transfer_digital_man: Optional<number>
  can_transfer_digital_voice: Optional<number>
  can_transfer_digital_man_advanced: Optional<number>
  can_transfer_money: Optional<number>
  digital_man_money_exchange_num: Optional<number>
  digital_man_advanced_money_exchange_num: Optional<number>
  digital_voice_money_exchange_num: Optional<number>
  open_oem: Optional<number>
  mini_appid: Optional<string>
  created_at: string
  updated_at: string
}

/**
 * The `user_money_log` table (schemas/entities/user_money_log.json).
 */
export interface UserMoneyLogTable {
  id: Generated<number>
  user_id: number
  type: string
  amount: Int8
  balance_after: Int8
  operator_id: Optional<number | null>
  related_type: Optional<string>
  related_id: Optional<number | null>
  detail: Optional<string | null>
  remark: Optional<string>
  idempotency_key: Optional<string | null>
  created_at: string
  updated_at: string
}

/**
 * The `user_quota_log` table (schemas/entities/user_quota_log.json).
 */
export interface UserQuotaLogTable {
  id: Generated<number>
  user_id: number
  quota: string
  type: string
  amount: number
  balance_after: number
  operator_id: Optional<number | null>
  related_type: Optional<string>
  related_id: Optional<number | null>
  detail: Optional<string | null>
  remark: Optional<string>
  idempotency_key: Optional<string | null>
  created_at: string
  updated_at: string
}

/**
 * The `vendor_slot` table (schemas/entities/vendor_slot.json).
 */
export interface VendorSlotTable {
  id: Generated<number>
  slot_key: string
  holder: string
  expires_at: string
  created_at: string
  updated_at: string
}

/**
 * The `voice_clone` table (schemas/entities/voice_clone.json).
 */
export interface VoiceCloneTable {
  id: Generated<number>
  user_id: number
  name: string
  status: Optional<string>
  sample_url: Optional<string>
  provider: Optional<string>
  voice_id: Optional<string>
  reference_text: Optional<string>
  error: Optional<string>
  task_id: Optional<number | null>
  language: Optional<string>
  kind: Optional<string>
  duration: Optional<number>
  pitch_hz: Optional<number>
  loudness_db: Optional<number>
  created_at: string
  updated_at: string
}

/**
 * The `work` table (schemas/entities/work.json).
 */
export interface WorkTable {
  id: Generated<number>
  title: string
  kind: string
  render: Optional<string>
  task_id: Optional<number>
  variant: Optional<number>
  combination: Optional<string>
  url: string
  cover_url: Optional<string>
  duration: Optional<number>
  width: Optional<number>
  height: Optional<number>
  fps: Optional<number>
  size: Optional<number>
  storage_key: Optional<string>
  owner_id: Optional<number>
  created_at: string
  updated_at: string
}

/**
 * Every table, by its name in the database.
 */
export interface Database {
  agreement: AgreementTable
  ai_assistant: AiAssistantTable
  ai_call: AiCallTable
  article: ArticleTable
  authorization_link: AuthorizationLinkTable
  avatar: AvatarTable
  captcha_challenge: CaptchaChallengeTable
  config_value: ConfigValueTable
  domain: DomainTable
  download_ticket: DownloadTicketTable
  idempotent_call: IdempotentCallTable
  industry: IndustryTable
  material: MaterialTable
  material_folder: MaterialFolderTable
  oauth_state: OauthStateTable
  overstep_log: OverstepLogTable
  platform_account: PlatformAccountTable
  rate_limit_hit: RateLimitHitTable
  recharge_card: RechargeCardTable
  recharge_card_tally: RechargeCardTallyTable
  recharge_order: RechargeOrderTable
  recharge_package: RechargePackageTable
  release_plan: ReleasePlanTable
  release_post: ReleasePostTable
  reset_code: ResetCodeTable
  script: ScriptTable
  session: SessionTable
  task: TaskTable
  task_job: TaskJobTable
  task_template: TaskTemplateTable
  task_use: TaskUseTable
  transfer_record: TransferRecordTable
  account: UserTable
  user_money_log: UserMoneyLogTable
  user_quota_log: UserQuotaLogTable
  vendor_slot: VendorSlotTable
  voice_clone: VoiceCloneTable
  work: WorkTable
}

/**
 * The table of each entity, by the entity's name (its file name in schemas/entities).
 */
export interface EntityTables {
  agreement: 'agreement'
  ai_assistant: 'ai_assistant'
  ai_call: 'ai_call'
  article: 'article'
  authorization_link: 'authorization_link'
  avatar: 'avatar'
  captcha_challenge: 'captcha_challenge'
  config_value: 'config_value'
  domain: 'domain'
  download_ticket: 'download_ticket'
  idempotent_call: 'idempotent_call'
  industry: 'industry'
  material: 'material'
  material_folder: 'material_folder'
  oauth_state: 'oauth_state'
  overstep_log: 'overstep_log'
  platform_account: 'platform_account'
  rate_limit_hit: 'rate_limit_hit'
  recharge_card: 'recharge_card'
  recharge_order: 'recharge_order'
  recharge_package: 'recharge_package'
  release_plan: 'release_plan'
  release_post: 'release_post'
  reset_code: 'reset_code'
  script: 'script'
  session: 'session'
  task: 'task'
  task_job: 'task_job'
  task_template: 'task_template'
  task_use: 'task_use'
  transfer_record: 'transfer_record'
  user: 'account'
  user_money_log: 'user_money_log'
  user_quota_log: 'user_quota_log'
  vendor_slot: 'vendor_slot'
  voice_clone: 'voice_clone'
  work: 'work'
}
