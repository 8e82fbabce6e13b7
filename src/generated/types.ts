/**
 * Generated from schemas/ by `npm run codegen`. Do not edit by hand: change the schema files and run it again;
 * `npm run codegen -- --check` fails while this file is stale.
 *
 * TypeScript types of every entity and every endpoint in schemas/.
 *
 * Naming: an entity is its name in PascalCase (recharge_card → RechargeCard), the record as the API sends it.
 * An endpoint is its id in PascalCase (domain/batch_del → DomainBatchDel) followed by
 * `Query` (its query string), `Body` (its JSON body) and `Response` (the envelope’s data on success).
 */

/**
 * Every JSON answer: `code` 1 is success, with the call’s data; anything else a failure whose `msg` a person can act on.
 * Narrow on `code === 1` to reach the data.
 */
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope

/**
 * Success: code 1, and the data of the call.
 */
export interface SuccessEnvelope<T> {
  code: 1
  msg: string
  /**
   * Unix time in seconds.
   */
  time: number
  data: T
}

/**
 * A failure, never a success: code 0 with a message a person can act on (and field errors for a request that fails its schema, or a reference to quote for an unexpected error), or 50008, 50012 or 50014 for a token that is invalid, revoked or expired.
 */
export interface ErrorEnvelope {
  code: 0 | 50008 | 50012 | 50014
  msg: string
  /**
   * Unix time in seconds.
   */
  time: number
  data:
    | null
    | {
        errors: FieldError[]
      }
    | {
        /**
         * Quoted to whoever reads the server log.
         */
        reference: string
      }
}

/**
 * One field a request got wrong: where, and what to do about it.
 */
export interface FieldError {
  /**
   * JSON pointer into the request.
   */
  path: string
  message: string
}

/**
 * One page of a list, in the shape the platform’s backend answers lists with.
 */
export interface Paginator<T> {
  total: number
  /**
   * Only when a search by any part of a field (x-index "contains") matches more rows than the server counts: more than `total` match. `last_page` then goes as far as the count did, or one past a full page; later pages answer their rows as any other, and one that is not full gives the exact total.
   */
  total_is_at_least?: true
  per_page: number
  current_page: number
  last_page: number
  data: T[]
}

/**
 * Money on the wire: yuan as a decimal string with two places, e.g. "12.50".
 */
export type Money = string

/**
 * A text the platform asks people to accept or read (user agreement, privacy policy, recharge rules, ...): at most one per kind. A published one can be read without signing in, from the login page.
 */
export interface Agreement {
  id: number
  kind: 'user_agreement' | 'privacy_policy' | 'recharge_rules' | 'clone_authorization'
  title: string
  /**
   * Formatted text (HTML), sanitised by the server on every save.
   */
  content: string
  /**
   * Only a published agreement is readable without signing in.
   */
  published: boolean
  created_at: string
  updated_at: string
}

/**
 * A named way of asking the AI writer: its instructions (the system prompt), the model and how freely it writes, and which roles besides administrators may use it. The create-video wizard offers the assistants a merchant's role may use to write a script; the AI tool's playground tries any of them.
 */
export interface AiAssistant {
  id: number
  name: string
  /**
   * What it is for, shown to the people who pick it.
   */
  description: string
  /**
   * The instructions sent before every conversation with it.
   */
  system_prompt: string
  /**
   * Empty: the default model of the AI writer chosen in Initial configuration.
   */
  model: string
  /**
   * 0 writes the most likely words every time; higher writes more freely.
   */
  temperature: number
  /**
   * Who may use it besides administrators, who may use every assistant.
   */
  roles: ('partner' | 'merchant')[]
  created_at: string
  updated_at: string
}

/**
 * One request to the AI writer, written when it ends: who asked, for what, the model, the tokens the vendor counted and how long it took. What was asked and answered is not kept.
 */
export interface AiCall {
  id: number
  owner_id: number
  purpose: 'chat' | 'imitate_title' | 'topic_script'
  assistant_id?: number | null
  model: string
  /**
   * Null where the vendor did not count.
   */
  prompt_tokens?: number | null
  completion_tokens?: number | null
  duration_ms: number
  /**
   * stopped: the person left before the answer ended.
   */
  status: 'succeeded' | 'failed' | 'stopped'
  /**
   * Why it failed, in both locales ({"zh-CN": …, "en-US": …}).
   */
  error: {}
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    owner_id?: string | null
    assistant_id?: string | null
  }
}

/**
 * A formatted article (notices, guides, help) written by an admin or a partner. A partner sees and edits only its own; an admin sees all.
 */
export interface Article {
  id: number
  title: string
  /**
   * One or two sentences shown where the whole article does not fit.
   */
  summary: string
  /**
   * Formatted text (HTML), sanitised by the server on every save.
   */
  content: string
  status: 'published' | 'draft'
  /**
   * Lower comes first.
   */
  sort: number
  owner_id?: number
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    owner_id?: string | null
  }
}

/**
 * A link a merchant sends to the people who own short-video accounts: opened without signing in (batchAuthorization), it shows the merchant's branding and takes each person through the platform's own authorization, after which the account is on the merchant's list. Its code is signed by the server, it ends at expires_at, and revoking it ends it at once.
 */
export interface AuthorizationLink {
  id: number
  owner_id?: number
  /**
   * For the merchant: who it was sent to, or what for.
   */
  name: string
  /**
   * @minItems 1
   */
  platforms: ('douyin' | 'kuaishou')[]
  /**
   * How long the link works from when it is made.
   */
  valid_days: number
  expires_at?: string
  status: 'active' | 'revoked'
  /**
   * The signed code the link carries: /batchAuthorization?link=CODE.
   */
  code: string
  /**
   * The site it was made on, whose branding the page shows.
   */
  host: string
  authorized_count: number
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    owner_id?: string | null
  }
}

/**
 * A digital human made for an account from a training video (an image clone, or an HD image clone from a longer, sharper video): written by the avatar clone tasks when they end, succeeded or not, and rendered by the digital-human video task. The embedded provider keeps a loop and a still of the video and makes no model of the person, which the avatar says: whether its videos move the lips is the digital-human video provider's to say, on each work.
 */
export interface Avatar {
  id: number
  name: string
  tier: 'standard' | 'hd'
  status: 'succeeded' | 'failed' | 'cancelled'
  /**
   * What the avatar-clone provider made: a model of the person whose lips it moves (a vendor's clone), or a loop and a still of the video (the embedded provider), whose lips move only when a lip-sync video provider renders it.
   */
  render: '' | 'lip_sync' | 'no_lip_sync'
  still_url: string
  loop_url: string
  /**
   * The avatar-clone provider that made it; empty until its clone has run. Only the local one clones avatars: a lip-sync vendor takes the training video when a video is made.
   */
  provider: '' | 'local'
  /**
   * The provider's own id of the avatar.
   */
  external_id: string
  /**
   * Seconds of the training video.
   */
  duration: number
  width: number
  height: number
  error: string
  /**
   * The clone task that wrote it.
   */
  task_id?: number | null
  owner_id?: number
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    task_id?: string | null
    owner_id?: string | null
  }
}

/**
 * An image captcha shown before a password reset code is sent. Kept in the database, not in a server's memory, so any instance can check it. Only a hash of the answer is stored; the first try uses it up, right or wrong.
 */
export interface CaptchaChallenge {
  id: number
  /**
   * The captcha_id the console sends back with the answer.
   */
  challenge: string
  expires_at: string
  used_at?: string | null
  created_at: string
  updated_at: string
}

/**
 * One setting an admin has changed from its default (schemas/config/ declares the settings). A setting never set has no row and reads as its default.
 */
export interface ConfigValue {
  id: number
  group_name: string
  name: string
  /**
   * The value as JSON text, so integers and switches keep their type.
   */
  value: string
  updated_by?: number
  created_at: string
  updated_at: string
}

/**
 * A site the console answers on, with the branding it shows there: name, logo, footer records and the name of its currency.
 */
export interface Domain {
  id: number
  /**
   * Host name without scheme or port, e.g. console.example.com.
   */
  host: string
  name: string
  logo: string
  copyright: string
  icp_record_number: string
  police_record: string
  police_record_number: string
  /**
   * What this site calls its balance; empty means the platform default.
   */
  money_name: string
  /**
   * Whether merchants may register on this site (platform/register): -1 follows the platform setting allow_register, 0 no, 1 yes.
   */
  allow_register: -1 | 0 | 1
  /**
   * 1 for the site whose branding unknown hosts get.
   */
  is_default: 0 | 1
  owner_id?: number
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    owner_id?: string | null
  }
}

/**
 * A link's pass for one download or event stream: the console asks for one just before it opens the link, so the session token never rides in an address (browser history, proxy logs, a Referer). It opens one endpoint, once, within a minute. Only a SHA-256 hash of the ticket is stored, as for sessions.
 */
export interface DownloadTicket {
  id: number
  user_id: number
  /**
   * The session the ticket was asked for: it signs in as that session, so a signed-out session's tickets open nothing.
   */
  session_id: number
  /**
   * The one endpoint the ticket opens, as /resource/action.
   */
  path: string
  expires_at: string
  used_at?: string | null
  created_at: string
  updated_at: string
}

/**
 * A call to an idempotent endpoint (one that moves money or quota, or submits work) made with an idempotency key, and what it answered: a repeat by the same account with the same key gets that answer back instead of doing the work again. Kept a day.
 */
export interface IdempotentCall {
  id: number
  user_id: number
  state: 'running' | 'done'
  /**
   * What the first call answered, once done: { "data": the envelope's data }.
   */
  answer: {}
  created_at: string
  updated_at: string
}

/**
 * An industry merchants create content for (catering, beauty, education, ...): the dictionary scripts and templates are filed under.
 */
export interface Industry {
  id: number
  name: string
  /**
   * Lower comes first in lists people choose from.
   */
  sort: number
  created_at: string
  updated_at: string
}

/**
 * A video, audio, image or font file of an account's materials library. Media is probed with ffprobe on arrival and a font's tables are read: a file that is neither is refused and nothing is kept. Clips and mixed cuts are made from materials; fonts draw their subtitles.
 */
export interface Material {
  id: number
  name: string
  folder_id?: number | null
  /**
   * Words to find it by, separated by commas.
   */
  tags: string
  kind: 'video' | 'audio' | 'image' | 'font'
  url: string
  thumb_url: string
  /**
   * A few low-resolution seconds of a video, to show in lists.
   */
  preview_url: string
  /**
   * The container as ffprobe names it ("mov,mp4,m4a,3gp,3g2,mj2"); shown as the extension the file is kept under.
   */
  format: string
  /**
   * Seconds; 0 for an image.
   */
  duration: number
  width?: number | null
  height?: number | null
  fps?: number | null
  video_codec: string
  audio_codec: string
  /**
   * Bytes.
   */
  size: number
  /**
   * For footage downloaded from a stock vendor: its page there, which names its author.
   */
  source_url: string
  /**
   * For footage downloaded from a stock vendor: the licence it is used under.
   */
  licence: string
  /**
   * Offered read-only to every account below yours, in their materials and pickers: the platform's or a partner's library of music, clips, pictures and fonts.
   */
  shared: boolean
  owner_id?: number
  created_at: string
  updated_at: string
  /**
   * True on a record shared with the caller from an account above it: the caller may use it but not change or delete it.
   */
  _readonly?: boolean
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    folder_id?: string | null
    owner_id?: string | null
  }
}

/**
 * A folder of an account's materials library (creation/resource).
 */
export interface MaterialFolder {
  id: number
  name: string
  owner_id?: number
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    owner_id?: string | null
  }
}

/**
 * One authorization started from a link: the platform sends its id back, signed, as OAuth's state. It works once, for a few minutes, and only in the browser that started it (a cookie whose hash is kept here), so a forged, replayed or planted callback adds no account.
 */
export interface OauthState {
  id: number
  link_id: number
  platform: 'douyin' | 'kuaishou'
  expires_at: string
  used_at?: string | null
  created_at: string
  updated_at: string
}

/**
 * Each time an admin or a partner opened one of its merchants' consoles (POST /platform/overstep_login): who, whom, when and from where. Written by the server only.
 */
export interface OverstepLog {
  id: number
  operator_id: number
  merchant_id: number
  ip: string
  user_agent: string
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    operator_id?: string | null
    merchant_id?: string | null
  }
}

/**
 * A merchant's account on a short-video platform. Douyin and Kuaishou accounts come from their owner authorizing the platform's app (the OAuth authorization-code flow of a batch-authorization link); their tokens are kept encrypted, never sent, and renewed before they end. Xiaohongshu and WeChat Channels have no open posting API for such accounts: they are assisted accounts, added by name, whose posts the console prepares and a person makes.
 */
export interface PlatformAccount {
  id: number
  owner_id?: number
  platform: 'douyin' | 'kuaishou' | 'xiaohongshu' | 'wechat_channels'
  nickname: string
  avatar_url: string
  /**
   * authorized: the platform's app may post for it. reauthorize: the platform no longer accepts its tokens, and only its owner authorizing again brings it back. assisted: posted by a person, from what the console prepares.
   */
  status: 'authorized' | 'reauthorize' | 'assisted'
  /**
   * The platform's id of the account for this app; empty for an assisted account.
   */
  open_id: string
  access_expires_at?: string | null
  refresh_expires_at?: string | null
  scope: string
  authorized_at?: string | null
  /**
   * Why it must be authorized again, in the words of the platform.
   */
  problem: string
  link_id?: number | null
  /**
   * The token renewal queued or running for it, so that no second one is queued.
   */
  refresh_task_id?: number | null
  /**
   * The reading of its posts' figures queued or running for it, so that no second one is queued.
   */
  stats_task_id?: number | null
  remark: string
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    owner_id?: string | null
    link_id?: string | null
    refresh_task_id?: string | null
    stats_task_id?: string | null
  }
}

/**
 * How many attempts one rate-limit bucket (login-user:<name>, login-ip:<address>, ...) has had in its current window. Kept in the database, not in a server's memory, so every instance counts the same attempts; each attempt adds one in a single upsert (src/server/rate-limit/database-store.ts).
 */
export interface RateLimitHit {
  id: number
  /**
   * What is counted: the limit's prefix and the username, account or address.
   */
  bucket: string
  /**
   * Attempts since the window began.
   */
  hits: number
  /**
   * When the count starts again from nothing.
   */
  window_ends_at: string
  created_at: string
  updated_at: string
}

/**
 * A card password worth a sum of balance or a number of units of one quota. An admin issues cards in batches (POST /recharge_card/add) and holds them; a holder passes unused cards down to partners directly below it (transfer_card); whoever has the password redeems it once (use_card), which credits the redeemer's balance or quota through the ledger. The password itself is stored for its holder to hand out and is never sent in a list: lists carry card_mask.
 */
export interface RechargeCard {
  id: number
  /**
   * The password with all but its first and last four characters hidden (ABCD********WXYZ): what lists show.
   */
  card_mask?: string
  /**
   * The batch's name, given when it was issued; a holder may rename a card (edit_card).
   */
  name: string
  /**
   * Shared by the cards issued in one call of /recharge_card/add: the date and time of issue and a random suffix.
   */
  batch_no?: string
  kind: 'money' | 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'
  /**
   * Yuan credited to the redeemer's balance, when kind is money.
   */
  money: Money
  /**
   * Units credited to the redeemer's quota, when kind is a quota.
   */
  count: number
  status: 0 | 1
  /**
   * The account that holds the card now: its issuer, until the card is transferred down.
   */
  holder_id?: number
  issuer_id?: number
  used_by?: number | null
  used_at?: string | null
  remark: string
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    holder_id?: string | null
    issuer_id?: string | null
    used_by?: string | null
  }
}

/**
 * One purchase of a recharge package (spec §2 account/recharge-order), paid offline. Its life: created → paid → credited, or created → cancelled. An admin's confirm_paid moves it from created to paid and credits the buyer through the ledger in the same transaction (ledger rows of type recharge, related record recharge_order), so it ends credited, exactly once. The package's name, price and credits are copied onto the order when it is placed.
 */
export interface RechargeOrder {
  id: number
  /**
   * The order number: date and time of placing (UTC, yyyyMMddHHmmss) and six random digits.
   */
  order_no: string
  /**
   * The account the order credits.
   */
  user_id: number
  /**
   * Who placed it: the buyer, or an admin on its behalf.
   */
  creator_id: number
  package_id: number
  /**
   * The package's name when the order was placed.
   */
  package_name: string
  /**
   * Yuan to pay, as the package cost when the order was placed.
   */
  price: Money
  /**
   * Yuan of balance the order credits.
   */
  money: Money
  digital_man_count: number
  digital_man_advanced_count: number
  digital_voice_count: number
  /**
   * created: waiting for payment; paid: payment confirmed; credited: the buyer has the credits; cancelled: will not be paid.
   */
  status: 'created' | 'paid' | 'credited' | 'cancelled'
  /**
   * The buyer's note.
   */
  remark: string
  /**
   * The offline payment's reference (bank transfer number, receipt), given on confirmation.
   */
  payment_ref: string
  payment_remark: string
  confirmed_by?: number | null
  paid_at?: string | null
  credited_at?: string | null
  cancelled_by?: number | null
  cancelled_at?: string | null
  cancel_reason: string
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    user_id?: string | null
    creator_id?: string | null
    package_id?: string | null
    confirmed_by?: string | null
    cancelled_by?: string | null
  }
}

/**
 * What a partner can buy from the platform (spec §2 account/recharge): a price in yuan and what an order for it credits, balance and/or quota units. An order copies the price and credits when it is placed, so editing a package never changes an order already placed. A package that orders point at is switched off rather than deleted.
 */
export interface RechargePackage {
  id: number
  name: string
  /**
   * What the buyer pays, in yuan.
   */
  price: Money
  /**
   * Yuan added to the buyer's balance when the order is paid.
   */
  money: Money
  /**
   * Digital-human clone units credited.
   */
  digital_man_count: number
  /**
   * Advanced digital-human clone units credited.
   */
  digital_man_advanced_count: number
  /**
   * Voice clone units credited.
   */
  digital_voice_count: number
  /**
   * 1: on sale, partners can order it; 0: off sale.
   */
  status: 0 | 1
  /**
   * Smaller numbers are listed first.
   */
  sort_order: number
  /**
   * Shown to buyers beside the name.
   */
  remark: string
  created_at: string
  updated_at: string
}

/**
 * Works posted to platform accounts on a schedule: each (work, account) pair is one release_post, posted by a platform_post task at its time. A work is never posted twice to one account, in this plan or another.
 */
export interface ReleasePlan {
  id: number
  owner_id?: number
  name: string
  status: 'active' | 'paused' | 'cancelled' | 'finished'
  /**
   * When the first posts go out; each day's slots start at this time of day.
   */
  start_at: string
  /**
   * Posting times a day, from the start time on, one interval apart.
   */
  slots_per_day: number
  interval_minutes: number
  /**
   * Each post goes out up to this many minutes after its slot, at random, so that accounts do not post in lockstep.
   */
  jitter_minutes: number
  /**
   * The most posts one account makes in a day.
   */
  daily_cap: number
  /**
   * The posts' titles, used in turn; without any, each post takes its work's title.
   *
   * @maxItems 50
   */
  titles: string[]
  /**
   * @maxItems 5
   */
  topics: string[]
  /**
   * Douyin's id of the place (POI) to tag on its posts; the other platforms take none.
   */
  poi_id: string
  posts_total: number
  posts_done: number
  posts_failed: number
  /**
   * Pairs left out because the work was already posted to the account.
   */
  posts_skipped: number
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    owner_id?: string | null
  }
}

/**
 * One work posted to one account by a release plan: pending until its time, then uploading, created on the platform, and published once the platform counts it; or failed with the reason. An assisted account's post waits for a person to post it and say so. Figures are read from the platform on a schedule.
 */
export interface ReleasePost {
  id: number
  owner_id?: number
  plan_id: number
  work_id: number
  account_id: number
  platform?: 'douyin' | 'kuaishou' | 'xiaohongshu' | 'wechat_channels'
  title: string
  /**
   * The text that goes with the video: the title and its #topics. For an assisted account, what the person copies.
   */
  caption: string
  scheduled_at: string
  status: 'pending' | 'uploading' | 'created' | 'published' | 'failed' | 'paused' | 'cancelled' | 'assisted'
  task_id?: number | null
  /**
   * The platform's id of the post.
   */
  item_id: string
  share_url: string
  error: string
  published_at?: string | null
  views?: number | null
  likes?: number | null
  comments?: number | null
  /**
   * Kuaishou does not count shares for apps: null there.
   */
  shares?: number | null
  stats_at?: string | null
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    owner_id?: string | null
    plan_id?: string | null
    work_id?: string | null
    account_id?: string | null
    task_id?: string | null
  }
}

/**
 * One request for a password reset code. A row is written for every request, also for an account that does not exist, so the rate limits and answers are the same either way and every server instance counts the same rows. Only a hash of the code is stored.
 */
export interface ResetCode {
  id: number
  /**
   * user:<id> for an account that was found, name:<what was typed> otherwise.
   */
  account_key: string
  /**
   * The account the code resets; null when nothing matched.
   */
  user_id?: number | null
  ip: string
  expires_at: string
  used_at?: string | null
  /**
   * Tries so far, the right one included.
   */
  attempts: number
  created_at: string
  updated_at: string
}

/**
 * A ready-made video script (copy a merchant can start from), filed under an industry.
 */
export interface Script {
  id: number
  industry_id: number
  title: string
  content: string
  /**
   * Lower comes first.
   */
  sort: number
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    industry_id?: string | null
  }
}

/**
 * A signed-in session. Only a SHA-256 hash of the token is stored, so a copy of the database signs nobody in.
 */
export interface Session {
  id: number
  user_id: number
  expires_at: string
  revoked_at?: string | null
  revoked_reason?: 'logout' | 'password_changed' | 'account_disabled' | null
  /**
   * The admin or partner who opened this session for a merchant (overstep login).
   */
  overstep_by?: number | null
  /**
   * An overstep session's opener: the session of overstep_by it was opened from. It ends when that session ends.
   */
  opener_session_id?: number | null
  ip?: string
  user_agent?: string
  created_at: string
  updated_at: string
}

/**
 * One piece of long work (a clip, a mixed cut, a clone) of a kind declared in schemas/tasks/. Its life: queued → running → succeeded, failed or cancelled; a worker that dies leaves it running until its lease runs out, when it is queued again. Its cost is reserved through the ledger when it is created (ledger rows of type consume, related record task), kept when it succeeds and given back (type refund) when it fails or is cancelled, each in the transaction that changes its status.
 */
export interface Task {
  id: number
  /**
   * The task kind: the name of its file in schemas/tasks/.
   */
  kind: string
  /**
   * What the submitter called the work, or the kind's name.
   */
  title: string
  /**
   * Who submitted it and pays for it.
   */
  owner_id: number
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'
  /**
   * Percent done.
   */
  progress: number
  /**
   * What it is doing now, in both locales ({"zh-CN": …, "en-US": …}).
   */
  stage: {}
  /**
   * What was submitted: the body of the kind's submit call.
   */
  input: {}
  /**
   * What it makes, as measured when it was submitted, for kinds that measure their work: {"output_seconds": the longest of its videos, "variants": how many, "width", "height"}. Its limits were checked against it, a cost per minute is counted from it, and the renderer stops at its length.
   */
  size: {}
  /**
   * What it made, once it succeeded: {"outputs": [{"work_id", "url", "duration", …}]}.
   */
  result: {}
  /**
   * Why it failed or stopped, in both locales ({"zh-CN": …, "en-US": …}), said so a person can act on it.
   */
  error: {}
  /**
   * Times a worker has started it.
   */
  attempts: number
  /**
   * Times it was submitted: 1, and one more for every retry after it failed or was cancelled. Each run reserves its cost anew.
   */
  runs: number
  max_attempts: number
  /**
   * money, a quota's name, or empty when the work is free.
   */
  cost_ledger: string
  /**
   * Fen or units reserved.
   */
  cost_amount: number
  cost_state: 'none' | 'reserved' | 'captured' | 'released'
  started_at?: string | null
  finished_at?: string | null
  /**
   * The request id of the call that submitted it, or a new one for work that came due by itself. The submit's line in the API log and every line a worker logs about the task carry it as reqId, so a person quoting it lets an operator find them all.
   */
  reference: string
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    owner_id?: string | null
  }
}

/**
 * The embedded database's queue (PostgreSQL uses pg-boss instead): one row per task waiting for a worker. A worker claims the oldest due row by deleting it in one statement, so two workers never take the same job; a task whose worker then dies is queued again by its lease (task.lease_until), not by this table.
 */
export interface TaskJob {
  id: number
  /**
   * The task to run.
   */
  task_id: number
  /**
   * Not before then: a retry waits a little.
   */
  run_after: string
  created_at: string
  updated_at: string
}

/**
 * A form of long work saved to be used again (a video template): the values of a task kind's submit form, whose text may hold {{variables}}. Filled once per row of values, it makes a batch of tasks through the kind's batch call. Only kinds that declare "batch" take templates.
 */
export interface TaskTemplate {
  id: number
  owner_id?: number
  name: string
  /**
   * The task kind whose form it saves.
   */
  kind: 'digital_video'
  /**
   * The form's values, as the kind's submit call takes them; text fields may hold {{variables}}, filled per video.
   */
  input: {}
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    owner_id?: string | null
  }
}

/**
 * Each record a task's input names through an x-relation field (the materials of a clip), written with the task. A record an unended task uses cannot be deleted, and task/uses tells a person what uses one before they delete it.
 */
export interface TaskUse {
  id: number
  /**
   * The task.
   */
  task_id: number
  /**
   * The entity of the record it uses.
   */
  entity: string
  /**
   * The record's id.
   */
  record_id: number
  created_at: string
  updated_at: string
}

/**
 * Balance or a quota moved from an account to one of its own children (POST /platform/transfer). Each transfer also writes a transfer_out row in the sender's ledger and a transfer_in row in the receiver's, in the same transaction.
 */
export interface TransferRecord {
  id: number
  from_user_id: number
  to_user_id: number
  kind: 'money' | 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'
  /**
   * Yuan moved, when kind is money.
   */
  money: Money
  /**
   * Units moved, when kind is a quota.
   */
  count: number
  remark: string
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    from_user_id?: string | null
    to_user_id?: string | null
  }
}

/**
 * A console account: admin, partner (service provider), merchant or agent (salesperson). Accounts form the promotion hierarchy through parent_id.
 */
export interface User {
  id: number
  username: string
  parent_id?: number | null
  /**
   * 0 admin, 1 partner, 2 merchant, 3 agent.
   */
  user_type: 0 | 1 | 2 | 3
  /**
   * 1 enabled, 0 disabled (signing in is refused and sessions are revoked).
   */
  status: 0 | 1
  name: string
  nickname: string
  mobile: string
  phone: string
  email: string
  avatar: string
  job: string
  jobName: string
  organization: string
  organizationName: string
  location: string
  locationName: string
  introduction: string
  personalWebsite: string
  certification: 0 | 1
  service_prefix_no: string
  service_type: number
  /**
   * The partner a merchant or agent serves under (0 for none).
   */
  service_id: number
  /**
   * Balance in yuan; changes only through the ledger.
   */
  money: Money
  /**
   * Digital-human clones left; changes only through the ledger.
   */
  digital_man_count: number
  /**
   * Advanced digital-human clones left; changes only through the ledger.
   */
  digital_man_advanced_count: number
  /**
   * Voice clones left; changes only through the ledger.
   */
  digital_voice_count: number
  show_clip_menu: 0 | 1
  can_transfer_digital_man: 0 | 1
  can_transfer_digital_voice: 0 | 1
  can_transfer_digital_man_advanced: 0 | 1
  can_transfer_money: 0 | 1
  digital_man_money_exchange_num: number
  digital_man_advanced_money_exchange_num: number
  digital_voice_money_exchange_num: number
  open_oem: 0 | 1
  mini_appid: string
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    parent_id?: string | null
  }
}

/**
 * One change of an account's balance, written in the same transaction as the change (src/server/ledger/ledger.ts). An account's balance always equals the sum of its rows' amounts.
 */
export interface UserMoneyLog {
  id: number
  user_id: number
  type: 'recharge' | 'card' | 'transfer_in' | 'transfer_out' | 'exchange' | 'consume' | 'refund' | 'adjust'
  /**
   * Yuan added (negative when taken).
   */
  amount: Money
  balance_after: Money
  /**
   * The account that made the change happen; null for the platform itself.
   */
  operator_id?: number | null
  /**
   * The kind of record behind the change, named by its entity (a task for what a task consumed); empty for an adjustment or an exchange.
   */
  related_type: '' | 'transfer_record' | 'recharge_card' | 'recharge_order' | 'task'
  related_id?: number | null
  /**
   * What the platform wrote about a change it made (a task's cost, an exchange, a recharge order, a card), as a message of x-messages and the values it names, so that it reads in the reader's language; null where a person's remark says it all. The quota ledger renders its rows with these same messages.
   */
  detail?: {
    key: string
    params?: {
      [k: string]: string | number | {}
    }
  } | null
  remark: string
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    user_id?: string | null
    operator_id?: string | null
  }
}

/**
 * One change of one of an account's quotas (digital-human, advanced digital-human and voice-clone counts), written in the same transaction as the change (src/server/ledger/ledger.ts). Each quota always equals the sum of its rows' amounts.
 */
export interface UserQuotaLog {
  id: number
  user_id: number
  quota: 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'
  type: 'recharge' | 'card' | 'transfer_in' | 'transfer_out' | 'exchange' | 'consume' | 'refund' | 'adjust'
  /**
   * Units added (negative when taken).
   */
  amount: number
  balance_after: number
  /**
   * The account that made the change happen; null for the platform itself.
   */
  operator_id?: number | null
  /**
   * The kind of record behind the change, named by its entity (a task for what a task consumed); empty for an adjustment or an exchange.
   */
  related_type: '' | 'transfer_record' | 'recharge_card' | 'recharge_order' | 'task'
  related_id?: number | null
  /**
   * What the platform wrote about a change it made (a task's cost, an exchange, a recharge order, a card), as a message of x-messages and the values it names, so that it reads in the reader's language; null where a person's remark says it all. The quota ledger renders its rows with these same messages.
   */
  detail?: {
    key: string
    params?: {
      [k: string]: string | number | {}
    }
  } | null
  remark: string
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    user_id?: string | null
    operator_id?: string | null
  }
}

/**
 * One of the calls a vendor may be running at once for this platform (its "at once" setting under AI providers), held by the worker making the call until it ends. A worker that dies leaves it held only until its lease runs out, so every process sharing the database, on any machine, waits its turn for the vendor instead of piling calls onto it.
 */
export interface VendorSlot {
  id: number
  /**
   * The vendor and the slot's number: gpt-sovits#0.
   */
  slot_key: string
  /**
   * The call holding it.
   */
  holder: string
  /**
   * When it is free again unless its holder renews it.
   */
  expires_at: string
  created_at: string
  updated_at: string
}

/**
 * A voice made for an account from a recorded sample: the record of every clone the platform has made or tried, written by the voice_clone task when it ends (succeeded, failed or cancelled), read by its owner under digital-human/sound-clone and by admins under account/voice-record.
 */
export interface VoiceClone {
  id: number
  user_id: number
  name: string
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'
  sample_url?: string
  /**
   * The voice-clone provider that made it (the providers settings' choice at the time).
   */
  provider?: 'local' | 'gpt-sovits' | 'heygem'
  /**
   * The provider's id of the cloned voice, once there is one.
   */
  voice_id?: string
  /**
   * The words of the voice's reference recording, as the person gave them: GPT-SoVITS reads the reference with them (its v3 and v4 models need them).
   */
  reference_text: string
  error?: string
  /**
   * The clone task that wrote it.
   */
  task_id?: number | null
  language: 'cmn' | 'en'
  /**
   * What the provider made of the sample: a clone of the voice, or the stock voice nearest to it (the embedded provider).
   */
  kind: '' | 'clone' | 'stock'
  /**
   * Seconds of the sample.
   */
  duration: number
  /**
   * The speaker's pitch measured in the sample.
   */
  pitch_hz: number
  /**
   * The sample's loudness (dBFS, RMS of the voiced part).
   */
  loudness_db: number
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    user_id?: string | null
    task_id?: string | null
  }
}

/**
 * A video the platform made for an account: an output of a clip, mixed-cut or digital-human task, written in the transaction that marks the task succeeded, so a retried task never leaves two.
 */
export interface Work {
  id: number
  title: string
  kind: 'clip' | 'mixed_cut' | 'digital_human' | 'topic_video'
  /**
   * For a digital-human video: whether the lips move with the speech, or the avatar's loop plays behind it (a local render).
   */
  render: '' | 'lip_sync' | 'no_lip_sync'
  /**
   * The task that made it.
   */
  task_id?: number
  /**
   * Which output of its task (a mixed cut makes several).
   */
  variant: number
  /**
   * For a mixed cut: the hash of the clips it took, one per slot; no two variants of a task share one.
   */
  combination: string
  url: string
  cover_url: string
  /**
   * Seconds.
   */
  duration: number
  width: number
  height: number
  fps: number
  /**
   * Bytes.
   */
  size: number
  owner_id?: number
  created_at: string
  updated_at: string
  /**
   * The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.
   */
  _titles?: {
    task_id?: string | null
    owner_id?: string | null
  }
}

/**
 * Data of a successful answer of `GET /ai/assistants` (The AI assistants the caller may use).
 */
export interface AiAssistantsResponse {
  writer_ready: boolean
  /**
   * Why no AI writer can answer: none chosen, or one chosen but not set up.
   */
  problem: string | null
  assistants: {
    id: number
    name: string
    description: string
  }[]
}

/**
 * JSON body of `POST /ai/chat` (Talk with an AI assistant, its answer streamed).
 */
export interface AiChatBody {
  assistant_id: number
  /**
   * The conversation, oldest first, ending with the person's new message.
   *
   * @minItems 1
   * @maxItems 40
   */
  messages: {
    role: 'user' | 'assistant'
    content: string
  }[]
}

/**
 * JSON body of `POST /ai_assistant/add` (Add to ai agent tool).
 */
export interface AiAssistantAddBody {
  name: string
  /**
   * What it is for, shown to the people who pick it.
   */
  description?: string
  /**
   * The instructions sent before every conversation with it.
   */
  system_prompt: string
  /**
   * Empty: the default model of the AI writer chosen in Initial configuration.
   */
  model?: string
  /**
   * 0 writes the most likely words every time; higher writes more freely.
   */
  temperature?: number
  /**
   * Who may use it besides administrators, who may use every assistant.
   */
  roles?: ('partner' | 'merchant')[]
}

/**
 * Data of a successful answer of `POST /ai_assistant/add` (Add to ai agent tool).
 */
export type AiAssistantAddResponse = AiAssistant

/**
 * JSON body of `POST /ai_assistant/del` (Delete ai agent tool by id).
 */
export interface AiAssistantDelBody {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /ai_assistant/del` (Delete ai agent tool by id).
 */
export interface AiAssistantDelResponse {
  deleted: number
}

/**
 * Query string of `GET /ai_assistant/detail` (One of ai agent tool by id).
 */
export interface AiAssistantDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /ai_assistant/detail` (One of ai agent tool by id).
 */
export type AiAssistantDetailResponse = AiAssistant

/**
 * JSON body of `POST /ai_assistant/edit` (Change one of ai agent tool).
 */
export interface AiAssistantEditBody {
  id: number
  name?: string
  /**
   * What it is for, shown to the people who pick it.
   */
  description?: string
  /**
   * The instructions sent before every conversation with it.
   */
  system_prompt?: string
  /**
   * Empty: the default model of the AI writer chosen in Initial configuration.
   */
  model?: string
  /**
   * 0 writes the most likely words every time; higher writes more freely.
   */
  temperature?: number
  /**
   * Who may use it besides administrators, who may use every assistant.
   */
  roles?: ('partner' | 'merchant')[]
}

/**
 * Data of a successful answer of `POST /ai_assistant/edit` (Change one of ai agent tool).
 */
export type AiAssistantEditResponse = AiAssistant

/**
 * Query string of `GET /ai_assistant/list` (List ai agent tool).
 */
export interface AiAssistantListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'updated_at' | 'name'
  order?: 'asc' | 'desc'
  name?: string
}

/**
 * Data of a successful answer of `GET /ai_assistant/list` (List ai agent tool).
 */
export type AiAssistantListResponse = Paginator<AiAssistant>

/**
 * Query string of `GET /ai_call/list` (List ai call log).
 */
export interface AiCallListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'created_at'
  order?: 'asc' | 'desc'
  purpose?: 'chat' | 'imitate_title' | 'topic_script'
  status?: 'succeeded' | 'failed' | 'stopped'
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_to?: string
}

/**
 * Data of a successful answer of `GET /ai_call/list` (List ai call log).
 */
export type AiCallListResponse = Paginator<AiCall>

/**
 * JSON body of `POST /authorization_link/add` (Make an authorization link).
 */
export interface AuthorizationLinkAddBody {
  /**
   * For the merchant: who it was sent to, or what for.
   */
  name: string
  /**
   * @minItems 1
   */
  platforms?: ('douyin' | 'kuaishou')[]
  /**
   * How long the link works from when it is made.
   */
  valid_days?: number
}

/**
 * Data of a successful answer of `POST /authorization_link/add` (Make an authorization link).
 */
export type AuthorizationLinkAddResponse = AuthorizationLink

/**
 * JSON body of `POST /authorization_link/del` (Delete authorization links by id).
 */
export interface AuthorizationLinkDelBody {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /authorization_link/del` (Delete authorization links by id).
 */
export interface AuthorizationLinkDelResponse {
  deleted: number
}

/**
 * Query string of `GET /authorization_link/detail` (One of authorization links by id).
 */
export interface AuthorizationLinkDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /authorization_link/detail` (One of authorization links by id).
 */
export type AuthorizationLinkDetailResponse = AuthorizationLink

/**
 * Data of a successful answer of `GET /authorization_link/form_notices` (What to know before making an authorization link).
 */
export interface AuthorizationLinkFormNoticesResponse {
  notices: {
    type: 'info' | 'warning'
    message: string
  }[]
  /**
   * What the form starts with instead of its defaults: only the platforms that are set up ticked.
   */
  values?: {
    /**
     * @minItems 1
     */
    platforms?: ('douyin' | 'kuaishou')[]
  }
}

/**
 * Query string of `GET /authorization_link/list` (List authorization links).
 */
export interface AuthorizationLinkListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'created_at' | 'expires_at'
  order?: 'asc' | 'desc'
  name?: string
  status?: 'active' | 'revoked'
}

/**
 * Data of a successful answer of `GET /authorization_link/list` (List authorization links).
 */
export type AuthorizationLinkListResponse = Paginator<AuthorizationLink>

/**
 * JSON body of `POST /authorization_link/revoke` (Revoke an authorization link).
 */
export interface AuthorizationLinkRevokeBody {
  id: number
}

/**
 * Data of a successful answer of `POST /authorization_link/revoke` (Revoke an authorization link).
 */
export type AuthorizationLinkRevokeResponse = AuthorizationLink

/**
 * JSON body of `POST /avatar/del` (Delete avatars by id).
 */
export interface AvatarDelBody {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /avatar/del` (Delete avatars by id).
 */
export interface AvatarDelResponse {
  deleted: number
}

/**
 * Query string of `GET /avatar/detail` (One of avatars by id).
 */
export interface AvatarDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /avatar/detail` (One of avatars by id).
 */
export type AvatarDetailResponse = Avatar

/**
 * JSON body of `POST /avatar/edit` (Change one of avatars).
 */
export interface AvatarEditBody {
  id: number
  name?: string
}

/**
 * Data of a successful answer of `POST /avatar/edit` (Change one of avatars).
 */
export type AvatarEditResponse = Avatar

/**
 * Query string of `GET /avatar/list` (List avatars).
 */
export interface AvatarListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'created_at'
  order?: 'asc' | 'desc'
  name?: string
  tier?: 'standard' | 'hd'
  status?: 'succeeded' | 'failed' | 'cancelled'
}

/**
 * Data of a successful answer of `GET /avatar/list` (List avatars).
 */
export type AvatarListResponse = Paginator<Avatar>

/**
 * JSON body of `POST /domain/add` (Add a domain).
 */
export interface DomainAddBody {
  /**
   * Host name without scheme or port, e.g. console.example.com.
   */
  host: string
  name: string
  logo?: string
  copyright?: string
  icp_record_number?: string
  police_record?: string
  police_record_number?: string
  /**
   * What this site calls its balance; empty means the platform default.
   */
  money_name?: string
  /**
   * Whether merchants may register on this site (platform/register): -1 follows the platform setting allow_register, 0 no, 1 yes.
   */
  allow_register?: -1 | 0 | 1
  /**
   * 1 for the site whose branding unknown hosts get.
   */
  is_default?: 0 | 1
}

/**
 * Data of a successful answer of `POST /domain/add` (Add a domain).
 */
export type DomainAddResponse = Domain

/**
 * JSON body of `POST /domain/batch_del` (Delete domains by id).
 */
export interface DomainBatchDelBody {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /domain/batch_del` (Delete domains by id).
 */
export interface DomainBatchDelResponse {
  deleted: number
}

/**
 * Query string of `GET /domain/detail` (One domain by id).
 */
export interface DomainDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /domain/detail` (One domain by id).
 */
export type DomainDetailResponse = Domain

/**
 * JSON body of `POST /domain/edit` (Change a domain).
 */
export interface DomainEditBody {
  id: number
  /**
   * Host name without scheme or port, e.g. console.example.com.
   */
  host?: string
  name?: string
  logo?: string
  copyright?: string
  icp_record_number?: string
  police_record?: string
  police_record_number?: string
  /**
   * What this site calls its balance; empty means the platform default.
   */
  money_name?: string
  /**
   * Whether merchants may register on this site (platform/register): -1 follows the platform setting allow_register, 0 no, 1 yes.
   */
  allow_register?: -1 | 0 | 1
  /**
   * 1 for the site whose branding unknown hosts get.
   */
  is_default?: 0 | 1
}

/**
 * Data of a successful answer of `POST /domain/edit` (Change a domain).
 */
export type DomainEditResponse = Domain

/**
 * Query string of `GET /domain/list` (List domains).
 */
export interface DomainListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'host' | 'name' | 'created_at'
  order?: 'asc' | 'desc'
  host?: string
  name?: string
  is_default?: 0 | 1
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_to?: string
}

/**
 * Data of a successful answer of `GET /domain/list` (List domains).
 */
export type DomainListResponse = Paginator<Domain>

/**
 * Data of a successful answer of `GET /init_config/get_config` (Read the initial configuration (admin)).
 */
export interface InitConfigGetConfigResponse {
  group: string
  /**
   * Every setting of the group except secrets, at its stored value or its default.
   */
  values: {}
  /**
   * The secrets (writeOnly settings) that have a value.
   */
  secrets_set: string[]
  /**
   * The uploaded WeChat Pay certificate's details, or null before one is uploaded.
   */
  cert: null | {
    subject: string
    issuer: string
    serial_number: string
    valid_from: string
    valid_to: string
    fingerprint256: string
  }
}

/**
 * JSON body of `POST /init_config/set_config` (Change the initial configuration (admin)).
 */
export interface InitConfigSetConfigBody {
  /**
   * The settings to change, by name; each is checked against its group's schema. Settings left out keep their value; an empty secret keeps the current one.
   */
  values: {}
}

/**
 * Data of a successful answer of `POST /init_config/set_config` (Change the initial configuration (admin)).
 */
export interface InitConfigSetConfigResponse {
  group: string
  /**
   * Every setting of the group except secrets, at its stored value or its default.
   */
  values: {}
  /**
   * The secrets (writeOnly settings) that have a value.
   */
  secrets_set: string[]
  /**
   * The uploaded WeChat Pay certificate's details, or null before one is uploaded.
   */
  cert: null | {
    subject: string
    issuer: string
    serial_number: string
    valid_from: string
    valid_to: string
    fingerprint256: string
  }
}

/**
 * Data of a successful answer of `POST /init_config/upload_cert` (Upload the WeChat Pay certificate and private key (admin)).
 */
export interface InitConfigUploadCertResponse {
  subject: string
  issuer: string
  serial_number: string
  valid_from: string
  valid_to: string
  fingerprint256: string
}

/**
 * JSON body of `POST /material/del` (Delete materials by id).
 */
export interface MaterialDelBody {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /material/del` (Delete materials by id).
 */
export interface MaterialDelResponse {
  deleted: number
}

/**
 * Query string of `GET /material/detail` (One of materials by id).
 */
export interface MaterialDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /material/detail` (One of materials by id).
 */
export type MaterialDetailResponse = Material

/**
 * JSON body of `POST /material/edit` (Change one of materials).
 */
export interface MaterialEditBody {
  id: number
  name?: string
  folder_id?: number | null
  /**
   * Words to find it by, separated by commas.
   */
  tags?: string
  /**
   * Offered read-only to every account below yours, in their materials and pickers: the platform's or a partner's library of music, clips, pictures and fonts.
   */
  shared?: boolean
}

/**
 * Data of a successful answer of `POST /material/edit` (Change one of materials).
 */
export type MaterialEditResponse = Material

/**
 * Data of a successful answer of `GET /material/fonts` (Every font subtitles can be drawn in).
 */
export interface MaterialFontsResponse {
  installed: {
    /**
     * The family, as a font field takes it.
     */
    id: string
    label: string
  }[]
  library: {
    /**
     * "material:" and the material's id.
     */
    id: string
    material_id: number
    /**
     * The material's name.
     */
    label: string
    /**
     * A few characters drawn in the font.
     */
    thumb_url: string
    /**
     * Whose it is, when it is not the caller's: "Platform" or the partner's name.
     */
    shared_by: string | null
  }[]
}

/**
 * Query string of `GET /material/list` (List materials).
 */
export interface MaterialListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'created_at' | 'name' | 'duration' | 'size'
  order?: 'asc' | 'desc'
  /**
   * Only what the caller may use in its own work: its own records and those shared with it from above, as a picker offers them.
   */
  usable?: boolean
  name?: string
  kind?: 'video' | 'audio' | 'image' | 'font'
  kind_in?: string
  folder_id?: number
  tags?: string
  shared?: boolean
}

/**
 * Data of a successful answer of `GET /material/list` (List materials).
 */
export type MaterialListResponse = Paginator<Material>

/**
 * JSON body of `POST /material/register` (Keep a file sent straight to the store as a material).
 */
export interface MaterialRegisterBody {
  /**
   * The key generate_sts_token handed out.
   */
  key: string
  /**
   * Defaults to the key's file name; send the name the file had.
   */
  name?: string
  /**
   * A folder of the caller's, by id.
   */
  folder_id?: string
  tags?: string
}

/**
 * Data of a successful answer of `POST /material/register` (Keep a file sent straight to the store as a material).
 */
export type MaterialRegisterResponse = Material

/**
 * Data of a successful answer of `GET /material/tools` (Whether this platform can work on media).
 */
export interface MaterialToolsResponse {
  /**
   * ffmpeg and ffprobe are there: uploads, clips and mixed cuts work.
   */
  ready: boolean
  /**
   * Its version line, or null when missing.
   */
  ffmpeg: string | null
  ffprobe: string | null
  /**
   * espeak-ng, the local speech of voice-overs.
   */
  espeak: string | null
  /**
   * What is missing and how to install it; null when nothing is.
   */
  message: string | null
}

/**
 * Query string of `GET /material/transition_preview` (See a transition).
 */
export interface MaterialTransitionPreviewQuery {
  /**
   * How one clip gives way to the next: every transition of ffmpeg's xfade, or "random" for a different one at each join.
   */
  name:
    | 'none'
    | 'random'
    | 'fade'
    | 'fadeblack'
    | 'fadewhite'
    | 'fadegrays'
    | 'fadefast'
    | 'fadeslow'
    | 'dissolve'
    | 'distance'
    | 'wipeleft'
    | 'wiperight'
    | 'wipeup'
    | 'wipedown'
    | 'wipetl'
    | 'wipetr'
    | 'wipebl'
    | 'wipebr'
    | 'slideleft'
    | 'slideright'
    | 'slideup'
    | 'slidedown'
    | 'smoothleft'
    | 'smoothright'
    | 'smoothup'
    | 'smoothdown'
    | 'circlecrop'
    | 'rectcrop'
    | 'circleopen'
    | 'circleclose'
    | 'radial'
    | 'vertopen'
    | 'vertclose'
    | 'horzopen'
    | 'horzclose'
    | 'diagtl'
    | 'diagtr'
    | 'diagbl'
    | 'diagbr'
    | 'hlslice'
    | 'hrslice'
    | 'vuslice'
    | 'vdslice'
    | 'pixelize'
    | 'hblur'
    | 'squeezeh'
    | 'squeezev'
    | 'zoomin'
}

/**
 * JSON body of `POST /material/upload` (Upload a material (video, audio, image or font)).
 */
export interface MaterialUploadBody {
  /**
   * Defaults to the file's name.
   */
  name?: string
  /**
   * A folder of the caller's, by id.
   */
  folder_id?: string
  tags?: string
}

/**
 * Data of a successful answer of `POST /material/upload` (Upload a material (video, audio, image or font)).
 */
export type MaterialUploadResponse = Material

/**
 * JSON body of `POST /material_folder/add` (Add to material folders).
 */
export interface MaterialFolderAddBody {
  name: string
}

/**
 * Data of a successful answer of `POST /material_folder/add` (Add to material folders).
 */
export type MaterialFolderAddResponse = MaterialFolder

/**
 * JSON body of `POST /material_folder/del` (Delete material folders by id).
 */
export interface MaterialFolderDelBody {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /material_folder/del` (Delete material folders by id).
 */
export interface MaterialFolderDelResponse {
  deleted: number
}

/**
 * Query string of `GET /material_folder/detail` (One of material folders by id).
 */
export interface MaterialFolderDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /material_folder/detail` (One of material folders by id).
 */
export type MaterialFolderDetailResponse = MaterialFolder

/**
 * JSON body of `POST /material_folder/edit` (Change one of material folders).
 */
export interface MaterialFolderEditBody {
  id: number
  name?: string
}

/**
 * Data of a successful answer of `POST /material_folder/edit` (Change one of material folders).
 */
export type MaterialFolderEditResponse = MaterialFolder

/**
 * Query string of `GET /material_folder/list` (List material folders).
 */
export interface MaterialFolderListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id'
  order?: 'asc' | 'desc'
  name?: string
}

/**
 * Data of a successful answer of `GET /material_folder/list` (List material folders).
 */
export type MaterialFolderListResponse = Paginator<MaterialFolder>

/**
 * JSON body of `POST /matrix/ai_imitate_title` (New post titles in the style of a viral one).
 */
export interface MatrixAiImitateTitleBody {
  title: string
  topic?: string
  count?: number
}

/**
 * Data of a successful answer of `POST /matrix/ai_imitate_title` (New post titles in the style of a viral one).
 */
export interface MatrixAiImitateTitleResponse {
  titles: string[]
  model: string
  prompt_tokens: number | null
  completion_tokens: number | null
}

/**
 * JSON body of `POST /platform/add_agreement` (Add an agreement).
 */
export interface PlatformAddAgreementBody {
  kind: 'user_agreement' | 'privacy_policy' | 'recharge_rules' | 'clone_authorization'
  title: string
  /**
   * Formatted text (HTML), sanitised by the server on every save.
   */
  content: string
  /**
   * Only a published agreement is readable without signing in.
   */
  published?: boolean
}

/**
 * Data of a successful answer of `POST /platform/add_agreement` (Add an agreement).
 */
export type PlatformAddAgreementResponse = Agreement

/**
 * JSON body of `POST /platform/add_article` (Add an article).
 */
export interface PlatformAddArticleBody {
  title: string
  /**
   * One or two sentences shown where the whole article does not fit.
   */
  summary?: string
  /**
   * Formatted text (HTML), sanitised by the server on every save.
   */
  content: string
  status?: 'published' | 'draft'
  /**
   * Lower comes first.
   */
  sort?: number
}

/**
 * Data of a successful answer of `POST /platform/add_article` (Add an article).
 */
export type PlatformAddArticleResponse = Article

/**
 * JSON body of `POST /platform/add_industry` (Add an industry).
 */
export interface PlatformAddIndustryBody {
  name: string
  /**
   * Lower comes first in lists people choose from.
   */
  sort?: number
}

/**
 * Data of a successful answer of `POST /platform/add_industry` (Add an industry).
 */
export type PlatformAddIndustryResponse = Industry

/**
 * JSON body of `POST /platform/add_script` (Add a script).
 */
export interface PlatformAddScriptBody {
  industry_id: number
  title: string
  content: string
  /**
   * Lower comes first.
   */
  sort?: number
}

/**
 * Data of a successful answer of `POST /platform/add_script` (Add a script).
 */
export type PlatformAddScriptResponse = Script

/**
 * Query string of `GET /platform/agreement` (List agreements).
 */
export interface PlatformAgreementQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'kind' | 'updated_at'
  order?: 'asc' | 'desc'
  kind?: 'user_agreement' | 'privacy_policy' | 'recharge_rules' | 'clone_authorization'
  published?: boolean
}

/**
 * Data of a successful answer of `GET /platform/agreement` (List agreements).
 */
export type PlatformAgreementResponse = Paginator<Agreement>

/**
 * Query string of `GET /platform/agreement_detail` (One agreement by id).
 */
export interface PlatformAgreementDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /platform/agreement_detail` (One agreement by id).
 */
export type PlatformAgreementDetailResponse = Agreement

/**
 * Query string of `GET /platform/agreement_public` (The published agreement of a kind).
 */
export interface PlatformAgreementPublicQuery {
  kind: 'user_agreement' | 'privacy_policy' | 'recharge_rules' | 'clone_authorization'
}

/**
 * Data of a successful answer of `GET /platform/agreement_public` (The published agreement of a kind).
 */
export interface PlatformAgreementPublicResponse {
  kind: 'user_agreement' | 'privacy_policy' | 'recharge_rules' | 'clone_authorization'
  title: string
  /**
   * Formatted text (HTML), sanitised by the server on every save.
   */
  content: string
  updated_at: string
}

/**
 * Query string of `GET /platform/article` (List articles).
 */
export interface PlatformArticleQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'title' | 'sort' | 'created_at' | 'updated_at'
  order?: 'asc' | 'desc'
  title?: string
  status?: 'published' | 'draft'
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_to?: string
}

/**
 * Data of a successful answer of `GET /platform/article` (List articles).
 */
export type PlatformArticleResponse = Paginator<Article>

/**
 * Query string of `GET /platform/article_detail` (One article by id).
 */
export interface PlatformArticleDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /platform/article_detail` (One article by id).
 */
export type PlatformArticleDetailResponse = Article

/**
 * Query string of `GET /platform/authorization_link_info` (What an authorization link offers).
 */
export interface PlatformAuthorizationLinkInfoQuery {
  /**
   * The code of the link's address, /batchAuthorization?link=CODE.
   */
  code: string
}

/**
 * Data of a successful answer of `GET /platform/authorization_link_info` (What an authorization link offers).
 */
export interface PlatformAuthorizationLinkInfoResponse {
  state: 'active' | 'expired' | 'revoked'
  merchant: string
  site_name: string
  site_logo: string
  expires_at: string
  platforms: {
    platform: 'douyin' | 'kuaishou'
    ready: boolean
  }[]
}

/**
 * JSON body of `POST /platform/authorization_start` (Start authorizing an account).
 */
export interface PlatformAuthorizationStartBody {
  /**
   * The code of the link's address, /batchAuthorization?link=CODE.
   */
  code: string
  platform: 'douyin' | 'kuaishou'
}

/**
 * Data of a successful answer of `POST /platform/authorization_start` (Start authorizing an account).
 */
export interface PlatformAuthorizationStartResponse {
  url: string
}

/**
 * Data of a successful answer of `GET /platform/captcha_image` (A new image captcha for the forgot-password form).
 */
export interface PlatformCaptchaImageResponse {
  captcha_id: string
  /**
   * The picture as a data:image/svg+xml URL, ready for an img src.
   */
  image: string
  /**
   * Seconds until the captcha expires.
   */
  expires_in: number
}

/**
 * JSON body of `POST /platform/change_pwd` (Change the signed-in account's password).
 */
export interface PlatformChangePwdBody {
  old_password: string
  new_password: string
}

/**
 * Data of a successful answer of `POST /platform/change_pwd` (Change the signed-in account's password).
 */
export type PlatformChangePwdResponse = null

/**
 * Query string of `GET /platform/console_schemas` (The schema files the console builds its screens from).
 */
export interface PlatformConsoleSchemasQuery {
  /**
   * Only what these endpoints need, for a page that uses no others (the login page): their own files, the entities they name or refer to, the shared schemas and the navigation. Comma list of endpoint names, e.g. platform/register,platform/reset_pwd. An unknown name is a 404.
   */
  endpoints?: string
}

/**
 * Data of a successful answer of `GET /platform/console_schemas` (The schema files the console builds its screens from).
 */
export interface PlatformConsoleSchemasResponse {
  files: {
    /**
     * Relative to schemas/, e.g. entities/domain.json.
     */
    path: string
    /**
     * The file's content, parsed.
     */
    json: {}
  }[]
}

/**
 * Query string of `GET /platform/dashboard_data` (Figures for the home page and the workbench, over the caller's reach).
 */
export interface PlatformDashboardDataQuery {
  /**
   * First day, inclusive (YYYY-MM-DD).
   */
  start?: string
  /**
   * Last day, inclusive (YYYY-MM-DD).
   */
  end?: string
  /**
   * Minutes east of UTC of the days asked for; 480 for China Standard Time.
   */
  utc_offset?: number
}

/**
 * Data of a successful answer of `GET /platform/dashboard_data` (Figures for the home page and the workbench, over the caller's reach).
 */
export interface PlatformDashboardDataResponse {
  start: string
  end: string
  /**
   * Accounts in reach by role, the caller excluded; created_in_range counts those opened in the range.
   */
  accounts: {
    partner: number
    merchant: number
    agent: number
    created_in_range: number
  }
  /**
   * What the accounts in reach hold now, the caller included.
   */
  holdings: {
    /**
     * Yuan, two decimals.
     */
    money: string
    digital_man_count: number
    digital_man_advanced_count: number
    digital_voice_count: number
  }
  /**
   * Ledger rows of the accounts in reach within the range: yuan added, yuan taken, and both by ledger type. A task's reserve and any refund of it count as one cost, once the task has ended, on the day it was reserved; held is what tasks still queued or running have reserved now.
   */
  money: {
    /**
     * Yuan, two decimals.
     */
    in: string
    /**
     * Yuan, two decimals.
     */
    out: string
    /**
     * Yuan, two decimals.
     */
    held: string
    by_type: {
      type: string
      /**
       * Yuan, two decimals.
       */
      in: string
      /**
       * Yuan, two decimals.
       */
      out: string
    }[]
  }
  /**
   * One entry per day of the range, oldest first, days without activity included.
   */
  daily: {
    date: string
    /**
     * Yuan, two decimals.
     */
    money_in: string
    /**
     * Yuan, two decimals.
     */
    money_out: string
    accounts_created: number
  }[]
  /**
   * Recharge orders of the accounts in reach: placed, credited and cancelled within the range (each by its own date), the yuan paid for those credited, and those awaiting payment now.
   */
  orders: {
    placed: number
    credited: number
    cancelled: number
    /**
     * Yuan, two decimals.
     */
    credited_amount: string
    awaiting: number
  }
  /**
   * Recharge cards: issued within the range by accounts in reach, redeemed within the range by accounts in reach with the yuan those of kind money credited, and unused cards held by accounts in reach now.
   */
  cards: {
    issued: number
    used: number
    /**
     * Yuan, two decimals.
     */
    used_money: string
    unused_held: number
  }
}

/**
 * JSON body of `POST /platform/del_agreement` (Delete agreements by id).
 */
export interface PlatformDelAgreementBody {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /platform/del_agreement` (Delete agreements by id).
 */
export interface PlatformDelAgreementResponse {
  deleted: number
}

/**
 * JSON body of `POST /platform/del_article` (Delete articles by id).
 */
export interface PlatformDelArticleBody {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /platform/del_article` (Delete articles by id).
 */
export interface PlatformDelArticleResponse {
  deleted: number
}

/**
 * JSON body of `POST /platform/del_industry` (Delete industries by id).
 */
export interface PlatformDelIndustryBody {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /platform/del_industry` (Delete industries by id).
 */
export interface PlatformDelIndustryResponse {
  deleted: number
}

/**
 * JSON body of `POST /platform/del_script` (Delete scripts by id).
 */
export interface PlatformDelScriptBody {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /platform/del_script` (Delete scripts by id).
 */
export interface PlatformDelScriptResponse {
  deleted: number
}

/**
 * JSON body of `POST /platform/download_ticket` (A one-use ticket for a download link or an event stream).
 */
export interface PlatformDownloadTicketBody {
  /**
   * The endpoint the link opens, for example /recharge_card/export_data.
   */
  path: string
}

/**
 * Data of a successful answer of `POST /platform/download_ticket` (A one-use ticket for a download link or an event stream).
 */
export interface PlatformDownloadTicketResponse {
  ticket: string
  expires_at: string
}

/**
 * JSON body of `POST /platform/edit_agreement` (Change an agreement).
 */
export interface PlatformEditAgreementBody {
  id: number
  kind?: 'user_agreement' | 'privacy_policy' | 'recharge_rules' | 'clone_authorization'
  title?: string
  /**
   * Formatted text (HTML), sanitised by the server on every save.
   */
  content?: string
  /**
   * Only a published agreement is readable without signing in.
   */
  published?: boolean
}

/**
 * Data of a successful answer of `POST /platform/edit_agreement` (Change an agreement).
 */
export type PlatformEditAgreementResponse = Agreement

/**
 * JSON body of `POST /platform/edit_article` (Change an article).
 */
export interface PlatformEditArticleBody {
  id: number
  title?: string
  /**
   * One or two sentences shown where the whole article does not fit.
   */
  summary?: string
  /**
   * Formatted text (HTML), sanitised by the server on every save.
   */
  content?: string
  status?: 'published' | 'draft'
  /**
   * Lower comes first.
   */
  sort?: number
}

/**
 * Data of a successful answer of `POST /platform/edit_article` (Change an article).
 */
export type PlatformEditArticleResponse = Article

/**
 * JSON body of `POST /platform/edit_industry` (Change an industry).
 */
export interface PlatformEditIndustryBody {
  id: number
  name?: string
  /**
   * Lower comes first in lists people choose from.
   */
  sort?: number
}

/**
 * Data of a successful answer of `POST /platform/edit_industry` (Change an industry).
 */
export type PlatformEditIndustryResponse = Industry

/**
 * JSON body of `POST /platform/edit_script` (Change a script).
 */
export interface PlatformEditScriptBody {
  id: number
  industry_id?: number
  title?: string
  content?: string
  /**
   * Lower comes first.
   */
  sort?: number
}

/**
 * Data of a successful answer of `POST /platform/edit_script` (Change a script).
 */
export type PlatformEditScriptResponse = Script

/**
 * JSON body of `POST /platform/edit_transfer_config` (Set what an account may transfer to its own children).
 */
export interface PlatformEditTransferConfigBody {
  id: number
  can_transfer_money?: 0 | 1
  can_transfer_digital_man?: 0 | 1
  can_transfer_digital_man_advanced?: 0 | 1
  can_transfer_digital_voice?: 0 | 1
}

/**
 * Data of a successful answer of `POST /platform/edit_transfer_config` (Set what an account may transfer to its own children).
 */
export type PlatformEditTransferConfigResponse = User

/**
 * JSON body of `POST /platform/edit_user_info` (Edit the signed-in account's own profile).
 */
export interface PlatformEditUserInfoBody {
  name?: string
  nickname?: string
  avatar?: string
  introduction?: string
}

/**
 * Data of a successful answer of `POST /platform/edit_user_info` (Edit the signed-in account's own profile).
 */
export type PlatformEditUserInfoResponse = User

/**
 * JSON body of `POST /platform/exchange` (Exchange balance for a quota).
 */
export interface PlatformExchangeBody {
  quota: 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'
  yuan: number
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /platform/exchange` (Exchange balance for a quota).
 */
export interface PlatformExchangeResponse {
  /**
   * Balance in yuan; changes only through the ledger.
   */
  money: Money
  quota: 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'
  /**
   * The quota's units after the exchange.
   */
  count: number
  added: number
}

/**
 * Data of a successful answer of `GET /platform/exchange_notices` (What to know before exchanging balance).
 */
export interface PlatformExchangeNoticesResponse {
  notices: {
    type: 'info' | 'warning'
    message: string
  }[]
  /**
   * What the dialog starts with: the first quota open for exchange.
   */
  values?: {
    quota?: 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'
  }
}

/**
 * Query string of `GET /platform/get_account` (My short-video platform accounts).
 */
export interface PlatformGetAccountQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'created_at' | 'access_expires_at'
  order?: 'asc' | 'desc'
  nickname?: string
  platform?: 'douyin' | 'kuaishou' | 'xiaohongshu' | 'wechat_channels'
  status?: 'authorized' | 'reauthorize' | 'assisted'
}

/**
 * Data of a successful answer of `GET /platform/get_account` (My short-video platform accounts).
 */
export type PlatformGetAccountResponse = Paginator<PlatformAccount>

/**
 * JSON body of `POST /platform/get_captcha` (Send a password reset code to an account).
 */
export interface PlatformGetCaptchaBody {
  /**
   * Username, mobile or e-mail.
   */
  account: string
  captcha_id: string
  captcha: string
}

/**
 * Data of a successful answer of `POST /platform/get_captcha` (Send a password reset code to an account).
 */
export interface PlatformGetCaptchaResponse {
  /**
   * How codes are delivered: log means the server log (no SMS or e-mail provider is configured).
   */
  channel: 'log' | 'webhook'
  /**
   * Seconds the code stays valid.
   */
  expires_in: number
  /**
   * Seconds before another code may be asked for.
   */
  resend_in: number
}

/**
 * Query string of `GET /platform/get_config` (Read a settings group (admin)).
 */
export interface PlatformGetConfigQuery {
  group: string
}

/**
 * Data of a successful answer of `GET /platform/get_config` (Read a settings group (admin)).
 */
export interface PlatformGetConfigResponse {
  group: string
  /**
   * Every setting of the group except secrets, at its stored value or its default.
   */
  values: {}
  /**
   * The secrets (writeOnly settings) that have a value.
   */
  secrets_set: string[]
}

/**
 * Data of a successful answer of `GET /platform/get_platform_config` (Every setting the caller may read, as one object).
 */
export interface PlatformGetPlatformConfigResponse {
  [k: string]: string | number | boolean
}

/**
 * Query string of `GET /platform/get_simple_config` (A settings group as name and value pairs).
 */
export interface PlatformGetSimpleConfigQuery {
  group: string
}

/**
 * Data of a successful answer of `GET /platform/get_simple_config` (A settings group as name and value pairs).
 */
export type PlatformGetSimpleConfigResponse = {
  name: string
  value: string | number | boolean
}[]

/**
 * Query string of `GET /platform/get_single_config` (One setting by name).
 */
export interface PlatformGetSingleConfigQuery {
  name: string
}

/**
 * Data of a successful answer of `GET /platform/get_single_config` (One setting by name).
 */
export interface PlatformGetSingleConfigResponse {
  name: string
  value: string | number | boolean
}

/**
 * Query string of `GET /platform/get_system_info` (Branding of the site a host name belongs to).
 */
export interface PlatformGetSystemInfoQuery {
  domain: string
}

/**
 * Data of a successful answer of `GET /platform/get_system_info` (Branding of the site a host name belongs to).
 */
export interface PlatformGetSystemInfoResponse {
  /**
   * The matched site's host; null when no site is configured.
   */
  host: string | null
  name: string
  logo: string
  copyright: string
  icp_record_number: string
  police_record: string
  police_record_number: string
  /**
   * What this site calls its balance; empty means the platform default.
   */
  money_name: string
  /**
   * Whether platform/register accepts registrations for this host.
   */
  allow_register: boolean
}

/**
 * JSON body of `POST /platform/get_user_info` (The signed-in account's profile).
 */
export type PlatformGetUserInfoBody = Record<string, never>

/**
 * Data of a successful answer of `POST /platform/get_user_info` (The signed-in account's profile).
 */
export type PlatformGetUserInfoResponse = User

/**
 * Query string of `GET /platform/industry` (List industries).
 */
export interface PlatformIndustryQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'name' | 'sort' | 'created_at'
  order?: 'asc' | 'desc'
  name?: string
}

/**
 * Data of a successful answer of `GET /platform/industry` (List industries).
 */
export type PlatformIndustryResponse = Paginator<Industry>

/**
 * Query string of `GET /platform/industry_detail` (One industry by id).
 */
export interface PlatformIndustryDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /platform/industry_detail` (One industry by id).
 */
export type PlatformIndustryDetailResponse = Industry

/**
 * JSON body of `POST /platform/login` (Sign in with username and password).
 */
export interface PlatformLoginBody {
  username: string
  password: string
}

/**
 * Data of a successful answer of `POST /platform/login` (Sign in with username and password).
 */
export interface PlatformLoginResponse {
  userinfo: {
    id: number
    username: string
    /**
     * 0 admin, 1 partner, 2 merchant, 3 agent.
     */
    user_type: 0 | 1 | 2 | 3
    /**
     * Send it back in the token header.
     */
    token: string
    expires_at: string
  }
}

/**
 * JSON body of `POST /platform/logout` (Sign out: revoke the session of the token sent).
 */
export type PlatformLogoutBody = Record<string, never>

/**
 * Data of a successful answer of `POST /platform/logout` (Sign out: revoke the session of the token sent).
 */
export type PlatformLogoutResponse = null

/**
 * Query string of `GET /platform/oauth_callback` (Where a platform sends the account's owner back).
 */
export interface PlatformOauthCallbackQuery {
  state?: string
  code?: string
  error?: string
  error_description?: string
  scopes?: string
  [k: string]: unknown
}

/**
 * Query string of `GET /platform/overstep_log` (Console openings (overstep logins)).
 */
export interface PlatformOverstepLogQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'created_at'
  order?: 'asc' | 'desc'
  merchant_id?: number
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_to?: string
}

/**
 * Data of a successful answer of `GET /platform/overstep_log` (Console openings (overstep logins)).
 */
export type PlatformOverstepLogResponse = Paginator<OverstepLog>

/**
 * JSON body of `POST /platform/overstep_login` (Open a merchant's console (overstep login)).
 */
export interface PlatformOverstepLoginBody {
  merchant_id: number
}

/**
 * Data of a successful answer of `POST /platform/overstep_login` (Open a merchant's console (overstep login)).
 */
export interface PlatformOverstepLoginResponse {
  userinfo: {
    id: number
    username: string
    /**
     * 0 admin, 1 partner, 2 merchant, 3 agent.
     */
    user_type: 0 | 1 | 2 | 3
    /**
     * The merchant session's token; send it back in the token header.
     */
    token: string
    /**
     * When the merchant's console ends: OVERSTEP_TTL_MINUTES after it opened, or sooner with the session that opened it. It also ends when that session is signed out or revoked, or its account is disabled or given a new password.
     */
    expires_at: string
  }
  /**
   * The account that opened the console (the caller), for the console to say so.
   */
  opened_by: {
    id: number
    username: string
  }
}

/**
 * Query string of `GET /platform/platform_user_list` (Platform accounts in reach).
 */
export interface PlatformPlatformUserListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'created_at' | 'access_expires_at'
  order?: 'asc' | 'desc'
  owner_id?: number
  nickname?: string
  platform?: 'douyin' | 'kuaishou' | 'xiaohongshu' | 'wechat_channels'
  status?: 'authorized' | 'reauthorize' | 'assisted'
}

/**
 * Data of a successful answer of `GET /platform/platform_user_list` (Platform accounts in reach).
 */
export type PlatformPlatformUserListResponse = Paginator<PlatformAccount>

/**
 * Query string of `GET /platform/platform_voice_clone_list` (Every voice clone on the platform (admin)).
 */
export interface PlatformPlatformVoiceCloneListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'created_at'
  order?: 'asc' | 'desc'
  user_id?: number
  status?: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'
  name?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_to?: string
}

/**
 * Data of a successful answer of `GET /platform/platform_voice_clone_list` (Every voice clone on the platform (admin)).
 */
export type PlatformPlatformVoiceCloneListResponse = Paginator<VoiceClone>

/**
 * JSON body of `POST /platform/register` (Register a merchant account with a partner's invitation code).
 */
export interface PlatformRegisterBody {
  /**
   * The service prefix number of the partner the new merchant joins.
   */
  invite_code: string
  /**
   * What the new account signs in with.
   */
  username: string
  /**
   * At least two kinds of characters (letters, digits, symbols or spaces), five different characters, not the username and not a well-known password.
   */
  password: string
  captcha_id: string
  captcha: string
  /**
   * The host the console was opened on, as sent to get_system_info.
   */
  domain: string
}

/**
 * Data of a successful answer of `POST /platform/register` (Register a merchant account with a partner's invitation code).
 */
export interface PlatformRegisterResponse {
  userinfo: {
    id: number
    username: string
    /**
     * 0 admin, 1 partner, 2 merchant, 3 agent.
     */
    user_type: 0 | 1 | 2 | 3
    /**
     * The new account's session; send it back in the token header.
     */
    token: string
    expires_at: string
  }
}

/**
 * JSON body of `POST /platform/reset_pwd` (Set a new password with a reset code).
 */
export interface PlatformResetPwdBody {
  /**
   * As given to get_captcha.
   */
  account: string
  code: string
  /**
   * The same rules as change_pwd.
   */
  new_password: string
}

/**
 * Data of a successful answer of `POST /platform/reset_pwd` (Set a new password with a reset code).
 */
export interface PlatformResetPwdResponse {
  /**
   * The account's username, to sign in with.
   */
  username: string
}

/**
 * Query string of `GET /platform/script` (List scripts).
 */
export interface PlatformScriptQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'title' | 'sort' | 'created_at'
  order?: 'asc' | 'desc'
  title?: string
  industry_id?: number
}

/**
 * Data of a successful answer of `GET /platform/script` (List scripts).
 */
export type PlatformScriptResponse = Paginator<Script>

/**
 * Query string of `GET /platform/script_detail` (One script by id).
 */
export interface PlatformScriptDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /platform/script_detail` (One script by id).
 */
export type PlatformScriptDetailResponse = Script

/**
 * JSON body of `POST /platform/set_config` (Change settings of a group (admin)).
 */
export interface PlatformSetConfigBody {
  group: string
  /**
   * The settings to change, by name; each is checked against its group's schema. Settings left out keep their value; an empty secret keeps the current one.
   */
  values: {}
}

/**
 * Data of a successful answer of `POST /platform/set_config` (Change settings of a group (admin)).
 */
export interface PlatformSetConfigResponse {
  group: string
  /**
   * Every setting of the group except secrets, at its stored value or its default.
   */
  values: {}
  /**
   * The secrets (writeOnly settings) that have a value.
   */
  secrets_set: string[]
}

/**
 * JSON body of `POST /platform/transfer` (Transfer balance or a quota to one of your own children).
 */
export interface PlatformTransferBody {
  to_user_id: number
  kind: 'money' | 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'
  amount: string
  remark?: string
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /platform/transfer` (Transfer balance or a quota to one of your own children).
 */
export type PlatformTransferResponse = TransferRecord

/**
 * Query string of `GET /platform/transfer_record` (Transfers).
 */
export interface PlatformTransferRecordQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'created_at'
  order?: 'asc' | 'desc'
  kind?: 'money' | 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'
  to_user_id?: number
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_to?: string
}

/**
 * Data of a successful answer of `GET /platform/transfer_record` (Transfers).
 */
export type PlatformTransferRecordResponse = Paginator<TransferRecord>

/**
 * Query string of `GET /platform/user_money_log` (The caller's own balance ledger).
 */
export interface PlatformUserMoneyLogQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'created_at' | 'amount'
  order?: 'asc' | 'desc'
  type?: 'recharge' | 'card' | 'transfer_in' | 'transfer_out' | 'exchange' | 'consume' | 'refund' | 'adjust'
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_to?: string
}

/**
 * Data of a successful answer of `GET /platform/user_money_log` (The caller's own balance ledger).
 */
export type PlatformUserMoneyLogResponse = Paginator<UserMoneyLog>

/**
 * Query string of `GET /platform/user_money_log_export` (Export the caller's own balance ledger as CSV or Excel).
 */
export interface PlatformUserMoneyLogExportQuery {
  type?: 'recharge' | 'card' | 'transfer_in' | 'transfer_out' | 'exchange' | 'consume' | 'refund' | 'adjust'
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_to?: string
  format?: 'csv' | 'xlsx'
  /**
   * The language of column titles and values; a link has no lang header to carry it.
   */
  lang?: 'zh-CN' | 'en-US'
}

/**
 * Query string of `GET /platform/user_quota_log` (The caller's own quota ledger).
 */
export interface PlatformUserQuotaLogQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'created_at' | 'amount'
  order?: 'asc' | 'desc'
  quota?: 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'
  type?: 'recharge' | 'card' | 'transfer_in' | 'transfer_out' | 'exchange' | 'consume' | 'refund' | 'adjust'
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_to?: string
}

/**
 * Data of a successful answer of `GET /platform/user_quota_log` (The caller's own quota ledger).
 */
export type PlatformUserQuotaLogResponse = Paginator<UserQuotaLog>

/**
 * Query string of `GET /platform/user_quota_log_export` (Export the caller's own quota ledger as CSV or Excel).
 */
export interface PlatformUserQuotaLogExportQuery {
  quota?: 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'
  type?: 'recharge' | 'card' | 'transfer_in' | 'transfer_out' | 'exchange' | 'consume' | 'refund' | 'adjust'
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_to?: string
  format?: 'csv' | 'xlsx'
  /**
   * The language of column titles and values; a link has no lang header to carry it.
   */
  lang?: 'zh-CN' | 'en-US'
}

/**
 * JSON body of `POST /platform_account/add` (Add an assisted account).
 */
export interface PlatformAccountAddBody {
  platform: 'xiaohongshu' | 'wechat_channels'
  nickname: string
  remark?: string
}

/**
 * Data of a successful answer of `POST /platform_account/add` (Add an assisted account).
 */
export type PlatformAccountAddResponse = PlatformAccount

/**
 * JSON body of `POST /platform_account/del` (Delete account authorization by id).
 */
export interface PlatformAccountDelBody {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /platform_account/del` (Delete account authorization by id).
 */
export interface PlatformAccountDelResponse {
  deleted: number
}

/**
 * Query string of `GET /platform_account/detail` (One of account authorization by id).
 */
export interface PlatformAccountDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /platform_account/detail` (One of account authorization by id).
 */
export type PlatformAccountDetailResponse = PlatformAccount

/**
 * JSON body of `POST /platform_account/edit` (Change one of account authorization).
 */
export interface PlatformAccountEditBody {
  id: number
  nickname?: string
  remark?: string
}

/**
 * Data of a successful answer of `POST /platform_account/edit` (Change one of account authorization).
 */
export type PlatformAccountEditResponse = PlatformAccount

/**
 * Data of a successful answer of `GET /provider/status` (Which services do the AI work, and whether they can be reached).
 */
export interface ProviderStatusResponse {
  providers: {
    capability: 'voice-clone' | 'speech' | 'avatar-clone' | 'digital-human-video' | 'chat' | 'stock'
    /**
     * local, or the vendor: heygem, heygen, gpt-sovits (the voice clone: local, gpt-sovits or heygem; the AI writer: none or openai-compatible).
     */
    name: string
    /**
     * What it really does: "Local voice, not a clone", "Local render, no lip sync".
     */
    describe: string
    ready: boolean
    /**
     * Why it is not ready: not set up, or not answering.
     */
    problem: string | null
  }[]
}

/**
 * JSON body of `POST /provider_service/add` (Add a partner).
 */
export interface ProviderServiceAddBody {
  username: string
  password: string
  name: string
  mobile?: string
  email?: string
  service_prefix_no?: string
  service_type?: number
  /**
   * 1 enabled, 0 disabled (signing in is refused and sessions are revoked).
   */
  status?: 0 | 1
}

/**
 * Data of a successful answer of `POST /provider_service/add` (Add a partner).
 */
export type ProviderServiceAddResponse = User

/**
 * JSON body of `POST /provider_service/add_agent` (Add an agent).
 */
export interface ProviderServiceAddAgentBody {
  username: string
  password: string
  name: string
  mobile?: string
  email?: string
  /**
   * 1 enabled, 0 disabled (signing in is refused and sessions are revoked).
   */
  status?: 0 | 1
  /**
   * The partner the account is placed under; empty places it under the caller.
   */
  parent_id?: number | null
}

/**
 * Data of a successful answer of `POST /provider_service/add_agent` (Add an agent).
 */
export type ProviderServiceAddAgentResponse = User

/**
 * JSON body of `POST /provider_service/add_by_service` (Add a merchant).
 */
export interface ProviderServiceAddByServiceBody {
  username: string
  password: string
  name: string
  mobile?: string
  email?: string
  /**
   * 1 enabled, 0 disabled (signing in is refused and sessions are revoked).
   */
  status?: 0 | 1
  /**
   * The partner the account is placed under; empty places it under the caller.
   */
  parent_id?: number | null
}

/**
 * Data of a successful answer of `POST /provider_service/add_by_service` (Add a merchant).
 */
export type ProviderServiceAddByServiceResponse = User

/**
 * Query string of `GET /provider_service/agent` (List agents).
 */
export interface ProviderServiceAgentQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'username' | 'created_at'
  order?: 'asc' | 'desc'
  username?: string
  name?: string
  mobile?: string
  status?: 0 | 1
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_to?: string
  parent_id?: number
}

/**
 * Data of a successful answer of `GET /provider_service/agent` (List agents).
 */
export type ProviderServiceAgentResponse = Paginator<User>

/**
 * Query string of `GET /provider_service/agent_detail` (One agent).
 */
export interface ProviderServiceAgentDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /provider_service/agent_detail` (One agent).
 */
export type ProviderServiceAgentDetailResponse = User

/**
 * Query string of `GET /provider_service/detail` (One partner).
 */
export interface ProviderServiceDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /provider_service/detail` (One partner).
 */
export type ProviderServiceDetailResponse = User

/**
 * JSON body of `POST /provider_service/edit` (Edit a partner).
 */
export interface ProviderServiceEditBody {
  id: number
  name?: string
  mobile?: string
  email?: string
  service_prefix_no?: string
  /**
   * 1 enabled, 0 disabled (signing in is refused and sessions are revoked).
   */
  status?: 0 | 1
  password?: string
}

/**
 * Data of a successful answer of `POST /provider_service/edit` (Edit a partner).
 */
export type ProviderServiceEditResponse = User

/**
 * JSON body of `POST /provider_service/edit_account` (Adjust a partner's balance or one of its counts).
 */
export interface ProviderServiceEditAccountBody {
  id: number
  /**
   * What to adjust: the balance (amount in yuan) or one of the quotas (amount in whole units).
   */
  kind?: 'money' | 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'
  /**
   * Yuan (up to two decimals) for the balance, whole units for a quota; negative takes. What the account has is the most that can be taken.
   */
  amount: string
  remark: string
  /**
   * Any unique string per intended change; a retry sends the same one.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /provider_service/edit_account` (Adjust a partner's balance or one of its counts).
 */
export type ProviderServiceEditAccountResponse = User

/**
 * JSON body of `POST /provider_service/edit_agent` (Edit an agent).
 */
export interface ProviderServiceEditAgentBody {
  id: number
  name?: string
  mobile?: string
  email?: string
  /**
   * 1 enabled, 0 disabled (signing in is refused and sessions are revoked).
   */
  status?: 0 | 1
  password?: string
}

/**
 * Data of a successful answer of `POST /provider_service/edit_agent` (Edit an agent).
 */
export type ProviderServiceEditAgentResponse = User

/**
 * JSON body of `POST /provider_service/edit_by_service` (Edit a merchant).
 */
export interface ProviderServiceEditByServiceBody {
  id: number
  name?: string
  mobile?: string
  email?: string
  /**
   * 1 enabled, 0 disabled (signing in is refused and sessions are revoked).
   */
  status?: 0 | 1
  password?: string
}

/**
 * Data of a successful answer of `POST /provider_service/edit_by_service` (Edit a merchant).
 */
export type ProviderServiceEditByServiceResponse = User

/**
 * JSON body of `POST /provider_service/edit_type` (Set a partner's level).
 */
export interface ProviderServiceEditTypeBody {
  id: number
  service_type: number
}

/**
 * Data of a successful answer of `POST /provider_service/edit_type` (Set a partner's level).
 */
export type ProviderServiceEditTypeResponse = User

/**
 * Query string of `GET /provider_service` (List partners).
 */
export interface ProviderServiceListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'username' | 'money' | 'created_at'
  order?: 'asc' | 'desc'
  username?: string
  name?: string
  mobile?: string
  status?: 0 | 1
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_to?: string
  service_prefix_no?: string
  service_type?: number
}

/**
 * Data of a successful answer of `GET /provider_service` (List partners).
 */
export type ProviderServiceListResponse = Paginator<User>

/**
 * Query string of `GET /provider_service/merchant` (List merchants).
 */
export interface ProviderServiceMerchantQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'username' | 'money' | 'created_at'
  order?: 'asc' | 'desc'
  username?: string
  name?: string
  mobile?: string
  status?: 0 | 1
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_to?: string
  parent_id?: number
}

/**
 * Data of a successful answer of `GET /provider_service/merchant` (List merchants).
 */
export type ProviderServiceMerchantResponse = Paginator<User>

/**
 * Query string of `GET /provider_service/merchant_detail` (One merchant).
 */
export interface ProviderServiceMerchantDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /provider_service/merchant_detail` (One merchant).
 */
export type ProviderServiceMerchantDetailResponse = User

/**
 * Query string of `GET /provider_service/tree_children` (Accounts directly below one account, for the relation tree).
 */
export interface ProviderServiceTreeChildrenQuery {
  /**
   * The account whose children to list; leave out for the caller's roots.
   */
  parent_id?: number
  /**
   * Continue after the child with this id (the last one of the previous page).
   */
  after_id?: number
  /**
   * At most this many children in one answer.
   */
  limit?: number
}

/**
 * Data of a successful answer of `GET /provider_service/tree_children` (Accounts directly below one account, for the relation tree).
 */
export interface ProviderServiceTreeChildrenResponse {
  /**
   * Items: One account of the tree.
   */
  list: {
    id: number
    username: string
    name: string
    mobile: string
    /**
     * 0 admin, 1 partner, 2 merchant, 3 agent.
     */
    user_type: 0 | 1 | 2 | 3
    /**
     * 1 enabled, 0 disabled (signing in is refused and sessions are revoked).
     */
    status: 0 | 1
    parent_id: number | null
    /**
     * How many accounts are directly below this one.
     */
    child_count: number
  }[]
  /**
   * How many children parent_id has in all (roots, without it).
   */
  total: number
  /**
   * Further children follow the last one listed: ask again with its id as after_id.
   */
  more: boolean
}

/**
 * Query string of `GET /provider_service/tree_search` (Find accounts in the relation tree by name, username or mobile).
 */
export interface ProviderServiceTreeSearchQuery {
  keyword: string
  /**
   * At most this many matches.
   */
  limit?: number
}

/**
 * Data of a successful answer of `GET /provider_service/tree_search` (Find accounts in the relation tree by name, username or mobile).
 */
export interface ProviderServiceTreeSearchResponse {
  /**
   * The matches, by id.
   */
  list: {
    id: number
    username: string
    name: string
    mobile: string
    /**
     * 0 admin, 1 partner, 2 merchant, 3 agent.
     */
    user_type: 0 | 1 | 2 | 3
    /**
     * 1 enabled, 0 disabled (signing in is refused and sessions are revoked).
     */
    status: 0 | 1
    parent_id: number | null
    child_count: number
    /**
     * From the caller's root down to the match's parent; empty when the match is a root itself.
     */
    ancestor_ids: number[]
  }[]
  /**
   * Every account some match's ancestor_ids names, once each.
   */
  ancestors: {
    id: number
    username: string
    name: string
    mobile: string
    /**
     * 0 admin, 1 partner, 2 merchant, 3 agent.
     */
    user_type: 0 | 1 | 2 | 3
    /**
     * 1 enabled, 0 disabled (signing in is refused and sessions are revoked).
     */
    status: 0 | 1
    parent_id: number | null
    child_count: number
  }[]
  /**
   * More accounts match than were listed: a longer keyword narrows them.
   */
  more: boolean
}

/**
 * Query string of `GET /provider_service/used_service_prefix_no_list` (Service prefix numbers in use).
 */
export interface ProviderServiceUsedServicePrefixNoListQuery {
  /**
   * Leave this account's own prefix out (when editing it).
   */
  exclude_id?: number
}

/**
 * Data of a successful answer of `GET /provider_service/used_service_prefix_no_list` (Service prefix numbers in use).
 */
export interface ProviderServiceUsedServicePrefixNoListResponse {
  list: string[]
}

/**
 * JSON body of `POST /recharge_card/add` (Issue a batch of recharge cards).
 */
export interface RechargeCardAddBody {
  /**
   * The batch's name, given when it was issued; a holder may rename a card (edit_card).
   */
  name: string
  kind: 'money' | 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'
  /**
   * What each card is worth: yuan with up to two decimals when kind is money, whole units otherwise.
   */
  amount: string
  quantity: number
  remark?: string
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /recharge_card/add` (Issue a batch of recharge cards).
 */
export interface RechargeCardAddResponse {
  batch_no: string
  name: string
  kind: string
  /**
   * Yuan per card, when kind is money.
   */
  money: Money
  /**
   * Units per card, when kind is a quota.
   */
  count: number
  /**
   * Cards issued.
   */
  quantity: number
}

/**
 * JSON body of `POST /recharge_card/batch_del` (Delete unused cards).
 */
export interface RechargeCardBatchDelBody {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /recharge_card/batch_del` (Delete unused cards).
 */
export interface RechargeCardBatchDelResponse {
  deleted: number
}

/**
 * Query string of `GET /recharge_card/can_operate_card_list` (List the cards you can transfer or delete).
 */
export interface RechargeCardCanOperateCardListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id'
  order?: 'asc' | 'desc'
}

/**
 * Data of a successful answer of `GET /recharge_card/can_operate_card_list` (List the cards you can transfer or delete).
 */
export type RechargeCardCanOperateCardListResponse = Paginator<RechargeCard>

/**
 * Query string of `GET /recharge_card/card_list` (List recharge cards).
 */
export interface RechargeCardCardListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'created_at' | 'used_at'
  order?: 'asc' | 'desc'
  status?: 0 | 1
  batch_no?: string
  name?: string
  kind?: 'money' | 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'
  holder_id?: number
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_to?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  used_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  used_at_to?: string
}

/**
 * Data of a successful answer of `GET /recharge_card/card_list` (List recharge cards).
 */
export type RechargeCardCardListResponse = Paginator<RechargeCard>

/**
 * JSON body of `POST /recharge_card/edit_card` (Rename a card).
 */
export interface RechargeCardEditCardBody {
  id: number
  /**
   * The batch's name, given when it was issued; a holder may rename a card (edit_card).
   */
  name: string
}

/**
 * Data of a successful answer of `POST /recharge_card/edit_card` (Rename a card).
 */
export type RechargeCardEditCardResponse = RechargeCard

/**
 * Query string of `GET /recharge_card/export_data` (Export recharge cards as CSV or Excel).
 */
export interface RechargeCardExportDataQuery {
  status?: 0 | 1
  batch_no?: string
  name?: string
  kind?: 'money' | 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'
  holder_id?: number
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_to?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  used_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  used_at_to?: string
  format?: 'csv' | 'xlsx'
  /**
   * The language of column titles and values; a link has no lang header to carry it.
   */
  lang?: 'zh-CN' | 'en-US'
}

/**
 * JSON body of `POST /recharge_card/remark_card` (Set a card's remark).
 */
export interface RechargeCardRemarkCardBody {
  id: number
  remark: string
}

/**
 * Data of a successful answer of `POST /recharge_card/remark_card` (Set a card's remark).
 */
export type RechargeCardRemarkCardResponse = RechargeCard

/**
 * JSON body of `POST /recharge_card/transfer_card` (Transfer unused cards to a partner directly below you).
 */
export interface RechargeCardTransferCardBody {
  to_user_id: number
  /**
   * One card.
   */
  id?: number
  /**
   * Several cards.
   *
   * @minItems 1
   * @maxItems 1000
   */
  ids?: number[]
  batch_no?: string
  /**
   * With batch_no: how many of its unused cards to move; all of them when left out.
   */
  quantity?: number
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /recharge_card/transfer_card` (Transfer unused cards to a partner directly below you).
 */
export interface RechargeCardTransferCardResponse {
  /**
   * Cards moved.
   */
  transferred: number
  to_user_id: number
}

/**
 * JSON body of `POST /recharge_card/use_card` (Redeem a recharge card).
 */
export interface RechargeCardUseCardBody {
  card_password: string
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /recharge_card/use_card` (Redeem a recharge card).
 */
export interface RechargeCardUseCardResponse {
  /**
   * The card redeemed.
   */
  id: number
  kind: 'money' | 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'
  /**
   * Yuan credited, when kind is money.
   */
  money: Money
  /**
   * Units credited, when kind is a quota.
   */
  count: number
  /**
   * What the caller has now of what was credited: yuan with two decimals for money, whole units for a quota.
   */
  balance_after: string
}

/**
 * JSON body of `POST /recharge_order/cancel` (Cancel an order awaiting payment).
 */
export interface RechargeOrderCancelBody {
  id: number
  cancel_reason?: string
}

/**
 * Data of a successful answer of `POST /recharge_order/cancel` (Cancel an order awaiting payment).
 */
export type RechargeOrderCancelResponse = RechargeOrder

/**
 * JSON body of `POST /recharge_order/confirm_paid` (Confirm an order's offline payment and credit the buyer).
 */
export interface RechargeOrderConfirmPaidBody {
  id: number
  /**
   * The bank transfer number or receipt the payment can be found by.
   */
  payment_ref: string
  payment_remark?: string
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /recharge_order/confirm_paid` (Confirm an order's offline payment and credit the buyer).
 */
export type RechargeOrderConfirmPaidResponse = RechargeOrder

/**
 * JSON body of `POST /recharge_order/create` (Order a recharge package).
 */
export interface RechargeOrderCreateBody {
  package_id: number
  /**
   * The partner the order is for: required of an admin; a partner leaves it out or names itself.
   */
  user_id?: number
  remark?: string
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /recharge_order/create` (Order a recharge package).
 */
export type RechargeOrderCreateResponse = RechargeOrder

/**
 * Query string of `GET /recharge_order/detail` (One recharge order by id).
 */
export interface RechargeOrderDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /recharge_order/detail` (One recharge order by id).
 */
export type RechargeOrderDetailResponse = RechargeOrder

/**
 * Query string of `GET /recharge_order/list` (List recharge orders).
 */
export interface RechargeOrderListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'price' | 'created_at'
  order?: 'asc' | 'desc'
  order_no?: string
  status?: 'created' | 'paid' | 'credited' | 'cancelled'
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  created_at_to?: string
  user_id?: number
}

/**
 * Data of a successful answer of `GET /recharge_order/list` (List recharge orders).
 */
export type RechargeOrderListResponse = Paginator<RechargeOrder>

/**
 * JSON body of `POST /recharge_package/add` (Add a recharge package).
 */
export interface RechargePackageAddBody {
  name: string
  /**
   * What the buyer pays, in yuan.
   */
  price: Money
  /**
   * Yuan added to the buyer's balance when the order is paid.
   */
  money?: Money
  /**
   * Digital-human clone units credited.
   */
  digital_man_count?: number
  /**
   * Advanced digital-human clone units credited.
   */
  digital_man_advanced_count?: number
  /**
   * Voice clone units credited.
   */
  digital_voice_count?: number
  /**
   * 1: on sale, partners can order it; 0: off sale.
   */
  status?: 0 | 1
  /**
   * Smaller numbers are listed first.
   */
  sort_order?: number
  /**
   * Shown to buyers beside the name.
   */
  remark?: string
}

/**
 * Data of a successful answer of `POST /recharge_package/add` (Add a recharge package).
 */
export type RechargePackageAddResponse = RechargePackage

/**
 * JSON body of `POST /recharge_package/del` (Delete recharge packages by id).
 */
export interface RechargePackageDelBody {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /recharge_package/del` (Delete recharge packages by id).
 */
export interface RechargePackageDelResponse {
  deleted: number
}

/**
 * Query string of `GET /recharge_package/detail` (One recharge package by id).
 */
export interface RechargePackageDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /recharge_package/detail` (One recharge package by id).
 */
export type RechargePackageDetailResponse = RechargePackage

/**
 * JSON body of `POST /recharge_package/edit` (Change a recharge package).
 */
export interface RechargePackageEditBody {
  id: number
  name?: string
  /**
   * What the buyer pays, in yuan.
   */
  price?: Money
  /**
   * Yuan added to the buyer's balance when the order is paid.
   */
  money?: Money
  /**
   * Digital-human clone units credited.
   */
  digital_man_count?: number
  /**
   * Advanced digital-human clone units credited.
   */
  digital_man_advanced_count?: number
  /**
   * Voice clone units credited.
   */
  digital_voice_count?: number
  /**
   * 1: on sale, partners can order it; 0: off sale.
   */
  status?: 0 | 1
  /**
   * Smaller numbers are listed first.
   */
  sort_order?: number
  /**
   * Shown to buyers beside the name.
   */
  remark?: string
}

/**
 * Data of a successful answer of `POST /recharge_package/edit` (Change a recharge package).
 */
export type RechargePackageEditResponse = RechargePackage

/**
 * Query string of `GET /recharge_package/list` (List recharge packages).
 */
export interface RechargePackageListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'price' | 'sort_order' | 'created_at'
  order?: 'asc' | 'desc'
  name?: string
  status?: 0 | 1
}

/**
 * Data of a successful answer of `GET /recharge_package/list` (List recharge packages).
 */
export type RechargePackageListResponse = Paginator<RechargePackage>

/**
 * Query string of `GET /recharge_package/on_sale` (Recharge packages on sale).
 */
export interface RechargePackageOnSaleQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'price' | 'sort_order'
  order?: 'asc' | 'desc'
  name?: string
}

/**
 * Data of a successful answer of `GET /recharge_package/on_sale` (Recharge packages on sale).
 */
export type RechargePackageOnSaleResponse = Paginator<RechargePackage>

/**
 * JSON body of `POST /release_plan/add` (Make a release plan).
 */
export interface ReleasePlanAddBody {
  name: string
  /**
   * @minItems 1
   * @maxItems 50
   */
  work_ids: number[]
  /**
   * @minItems 1
   * @maxItems 50
   */
  account_ids: number[]
  /**
   * When the first posts go out; each day's slots start at this time of day.
   */
  start_at: string
  /**
   * Posting times a day, from the start time on, one interval apart.
   */
  slots_per_day?: number
  interval_minutes?: number
  /**
   * Each post goes out up to this many minutes after its slot, at random, so that accounts do not post in lockstep.
   */
  jitter_minutes?: number
  /**
   * The most posts one account makes in a day.
   */
  daily_cap?: number
  /**
   * The posts' titles, used in turn; without any, each post takes its work's title.
   *
   * @maxItems 50
   */
  titles?: string[]
  /**
   * @maxItems 5
   */
  topics?: string[]
  /**
   * Douyin's id of the place (POI) to tag on its posts; the other platforms take none.
   */
  poi_id?: string
}

/**
 * Data of a successful answer of `POST /release_plan/add` (Make a release plan).
 */
export type ReleasePlanAddResponse = ReleasePlan

/**
 * JSON body of `POST /release_plan/cancel` (Cancel a release plan).
 */
export interface ReleasePlanCancelBody {
  id: number
}

/**
 * Data of a successful answer of `POST /release_plan/cancel` (Cancel a release plan).
 */
export type ReleasePlanCancelResponse = ReleasePlan

/**
 * Query string of `GET /release_plan/detail` (One of release plans by id).
 */
export interface ReleasePlanDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /release_plan/detail` (One of release plans by id).
 */
export type ReleasePlanDetailResponse = ReleasePlan

/**
 * Query string of `GET /release_plan/list` (List release plans).
 */
export interface ReleasePlanListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'created_at' | 'start_at'
  order?: 'asc' | 'desc'
  name?: string
  status?: 'active' | 'paused' | 'cancelled' | 'finished'
}

/**
 * Data of a successful answer of `GET /release_plan/list` (List release plans).
 */
export type ReleasePlanListResponse = Paginator<ReleasePlan>

/**
 * JSON body of `POST /release_plan/pause` (Pause a release plan).
 */
export interface ReleasePlanPauseBody {
  id: number
}

/**
 * Data of a successful answer of `POST /release_plan/pause` (Pause a release plan).
 */
export type ReleasePlanPauseResponse = ReleasePlan

/**
 * JSON body of `POST /release_plan/resume` (Resume a paused release plan).
 */
export interface ReleasePlanResumeBody {
  id: number
}

/**
 * Data of a successful answer of `POST /release_plan/resume` (Resume a paused release plan).
 */
export type ReleasePlanResumeResponse = ReleasePlan

/**
 * JSON body of `POST /release_post/confirm` (Say an assisted post was made).
 */
export interface ReleasePostConfirmBody {
  id: number
  share_url?: string
}

/**
 * Data of a successful answer of `POST /release_post/confirm` (Say an assisted post was made).
 */
export type ReleasePostConfirmResponse = ReleasePost

/**
 * Query string of `GET /release_post/detail` (One of video data by id).
 */
export interface ReleasePostDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /release_post/detail` (One of video data by id).
 */
export type ReleasePostDetailResponse = ReleasePost

/**
 * Query string of `GET /release_post/events` (Follow posts live (Server-Sent Events)).
 */
export interface ReleasePostEventsQuery {
  /**
   * The id of the last event seen.
   */
  since?: string
}

/**
 * Query string of `GET /release_post/export_data` (Export posts and their figures as CSV or Excel).
 */
export interface ReleasePostExportDataQuery {
  plan_id?: number
  account_id?: number
  work_id?: number
  status?: 'pending' | 'uploading' | 'created' | 'published' | 'failed' | 'paused' | 'cancelled' | 'assisted'
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  scheduled_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  scheduled_at_to?: string
  format?: 'csv' | 'xlsx'
  /**
   * The language of column titles and values; a link has no lang header to carry it.
   */
  lang?: 'zh-CN' | 'en-US'
}

/**
 * Query string of `GET /release_post/list` (List video data).
 */
export interface ReleasePostListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id' | 'scheduled_at' | 'views' | 'likes'
  order?: 'asc' | 'desc'
  plan_id?: number
  account_id?: number
  work_id?: number
  status?: 'pending' | 'uploading' | 'created' | 'published' | 'failed' | 'paused' | 'cancelled' | 'assisted'
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  scheduled_at_from?: string
  /**
   * A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.
   */
  scheduled_at_to?: string
}

/**
 * Data of a successful answer of `GET /release_post/list` (List video data).
 */
export type ReleasePostListResponse = Paginator<ReleasePost>

/**
 * JSON body of `POST /release_post/retry` (Post a failed post again).
 */
export interface ReleasePostRetryBody {
  id: number
}

/**
 * Data of a successful answer of `POST /release_post/retry` (Post a failed post again).
 */
export type ReleasePostRetryResponse = ReleasePost

/**
 * Query string of `GET /release_post/stats` (Posts' figures added up by plan, account or work).
 */
export interface ReleasePostStatsQuery {
  group_by?: 'plan_id' | 'account_id' | 'work_id'
  plan_id?: number
  account_id?: number
  work_id?: number
}

/**
 * Data of a successful answer of `GET /release_post/stats` (Posts' figures added up by plan, account or work).
 */
export interface ReleasePostStatsResponse {
  groups: {
    id: number
    title: string
    posts: number
    views: number
    likes: number
    comments: number
    shares: number
  }[]
}

/**
 * JSON body of `POST /task/cancel` (Cancel a queued or running task).
 */
export interface TaskCancelBody {
  id: number
}

/**
 * Data of a successful answer of `POST /task/cancel` (Cancel a queued or running task).
 */
export type TaskCancelResponse = Task

/**
 * JSON body of `POST /task/del` (Delete ended tasks).
 */
export interface TaskDelBody {
  /**
   * @minItems 1
   * @maxItems 100
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /task/del` (Delete ended tasks).
 */
export interface TaskDelResponse {
  deleted: number
}

/**
 * Query string of `GET /task/detail` (One task by id).
 */
export interface TaskDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /task/detail` (One task by id).
 */
export type TaskDetailResponse = Task

/**
 * JSON body of `POST /task/estimate_clip` (What a task would make and cost: smart clip).
 */
export interface TaskEstimateClipBody {
  title: string
  /**
   * @minItems 1
   * @maxItems 20
   */
  segments: {
    material_id: number
    start?: number
    /**
     * 0 takes the material to its end.
     */
    end?: number
  }[]
  /**
   * How one clip gives way to the next: every transition of ffmpeg's xfade, or "random" for a different one at each join.
   */
  transition?:
    | 'none'
    | 'random'
    | 'fade'
    | 'fadeblack'
    | 'fadewhite'
    | 'fadegrays'
    | 'fadefast'
    | 'fadeslow'
    | 'dissolve'
    | 'distance'
    | 'wipeleft'
    | 'wiperight'
    | 'wipeup'
    | 'wipedown'
    | 'wipetl'
    | 'wipetr'
    | 'wipebl'
    | 'wipebr'
    | 'slideleft'
    | 'slideright'
    | 'slideup'
    | 'slidedown'
    | 'smoothleft'
    | 'smoothright'
    | 'smoothup'
    | 'smoothdown'
    | 'circlecrop'
    | 'rectcrop'
    | 'circleopen'
    | 'circleclose'
    | 'radial'
    | 'vertopen'
    | 'vertclose'
    | 'horzopen'
    | 'horzclose'
    | 'diagtl'
    | 'diagtr'
    | 'diagbl'
    | 'diagbr'
    | 'hlslice'
    | 'hrslice'
    | 'vuslice'
    | 'vdslice'
    | 'pixelize'
    | 'hblur'
    | 'squeezeh'
    | 'squeezev'
    | 'zoomin'
  transition_seconds?: number
  shape?: '9:16' | '16:9' | '1:1'
  /**
   * How a picture of another shape fills the frame: cut its edges off, or add bars.
   */
  fit?: 'crop' | 'pad'
  /**
   * Pixels of the short side: 720 in 9:16 is 720 × 1280.
   */
  resolution?: 480 | 720 | 1080
  fps?: number
  /**
   * Video kilobits per second. Left empty, it fits the resolution: 900 at 480p, 1400 at 720p, 1800 at 1080p.
   */
  bitrate?: number
  /**
   * Burned in as subtitles, one sentence at a time, timed over the video by length.
   */
  subtitle_text?: string
  /**
   * Or the subtitles as an SRT file's text, with their own times; wins over subtitle_text.
   */
  subtitle_srt?: string
  /**
   * Read over the video sentence by sentence by the speech provider (locally espeak-ng). The segments play again from the first until it ends, and with no subtitle text or SRT each sentence is shown while it is said.
   */
  voice_text?: string
  /**
   * Who reads a voice-over: one of espeak-ng's voices on this platform's machines, in a variant of its own ("en-us+f3"), said to be synthesized; or one of your voices that cloned successfully ("clone:12"), read by the service that made it.
   */
  voice?: string
  /**
   * Words a minute; 175 is a calm pace. A cloned voice keeps its own.
   */
  speed?: number
  /**
   * From 0 (low) to 99 (high); 50 is the voice's own. A cloned voice keeps its own.
   */
  pitch?: number
  subtitle_style?: {
    /**
     * A font installed on the platform's machines (fonts-noto-cjk draws Chinese and Latin alike), or "material:12": a font file of your materials or one shared with you.
     */
    font?: string
    font_size?: number
    color?: string
    outline_color?: string
    outline?: number
    position?: 'top' | 'middle' | 'bottom' | 'custom'
    /**
     * With position "custom": how far up the frame the subtitle's bottom sits, 0 at the bottom edge and 100 at the top.
     */
    height_percent?: number
    /**
     * Draw each subtitle on a box of its own colour instead of an outline.
     */
    box?: boolean
    box_color?: string
    /**
     * 0 shows the picture through the box, 1 hides it.
     */
    box_opacity?: number
  }
  /**
   * A title shown large at the top over the first seconds.
   */
  title_overlay?: {
    /**
     * Left empty, no title is shown.
     */
    text?: string
    seconds?: number
    font_size?: number
    color?: string
  }
  /**
   * An audio (or video) material from the library, looped to the video's length.
   */
  bgm_material_id?: number | null
  bgm_volume?: number
  /**
   * Seconds the music fades in at the start and out at the end.
   */
  bgm_fade?: number
  /**
   * The second of the finished video its cover picture is taken from.
   */
  cover_at?: number
}

/**
 * Data of a successful answer of `POST /task/estimate_clip` (What a task would make and cost: smart clip).
 */
export interface TaskEstimateClipResponse {
  size: {
    output_seconds: number
    variants: number
    width: number
    height: number
  }
  limits: {
    outputSeconds?: number
    variants?: number
    pixelSeconds?: number
    runMinutes: number
  }
  /**
   * Null for a free kind, or a rate of 0.
   */
  cost: {
    ledger: string
    amount: number
  } | null
  /**
   * What the person should know before sending that does not refuse it, in their language: a voice-over longer than the clips, say.
   */
  notices: string[]
}

/**
 * JSON body of `POST /task/estimate_mixed_cut` (What a task would make and cost: mixed cut).
 */
export interface TaskEstimateMixedCutBody {
  title: string
  /**
   * @minItems 1
   * @maxItems 10
   */
  slots: {
    /**
     * @minItems 1
     * @maxItems 50
     */
    clips: number[]
    /**
     * Lines to choose a subtitle from, one per variant.
     *
     * @maxItems 20
     */
    captions?: string[]
    /**
     * With max_seconds: take a random window of this many seconds or more; 0 takes the whole clip.
     */
    min_seconds?: number
    max_seconds?: number
  }[]
  /**
   * Variants to make: at most the number of different combinations of the slots.
   */
  count: number
  /**
   * How one clip gives way to the next: every transition of ffmpeg's xfade, or "random" for a different one at each join.
   */
  transition?:
    | 'none'
    | 'random'
    | 'fade'
    | 'fadeblack'
    | 'fadewhite'
    | 'fadegrays'
    | 'fadefast'
    | 'fadeslow'
    | 'dissolve'
    | 'distance'
    | 'wipeleft'
    | 'wiperight'
    | 'wipeup'
    | 'wipedown'
    | 'wipetl'
    | 'wipetr'
    | 'wipebl'
    | 'wipebr'
    | 'slideleft'
    | 'slideright'
    | 'slideup'
    | 'slidedown'
    | 'smoothleft'
    | 'smoothright'
    | 'smoothup'
    | 'smoothdown'
    | 'circlecrop'
    | 'rectcrop'
    | 'circleopen'
    | 'circleclose'
    | 'radial'
    | 'vertopen'
    | 'vertclose'
    | 'horzopen'
    | 'horzclose'
    | 'diagtl'
    | 'diagtr'
    | 'diagbl'
    | 'diagbr'
    | 'hlslice'
    | 'hrslice'
    | 'vuslice'
    | 'vdslice'
    | 'pixelize'
    | 'hblur'
    | 'squeezeh'
    | 'squeezev'
    | 'zoomin'
  transition_seconds?: number
  /**
   * Read over every variant sentence by sentence by the speech provider, and each sentence shown as a subtitle while it is said when there are no caption lines. When it is longer than a variant, the windows grow within their slots and then the slots play again in order until it ends.
   */
  voice_text?: string
  /**
   * Who reads a voice-over: one of espeak-ng's voices on this platform's machines, in a variant of its own ("en-us+f3"), said to be synthesized; or one of your voices that cloned successfully ("clone:12"), read by the service that made it.
   */
  voice?: string
  /**
   * Words a minute; 175 is a calm pace. A cloned voice keeps its own.
   */
  speed?: number
  /**
   * From 0 (low) to 99 (high); 50 is the voice's own. A cloned voice keeps its own.
   */
  pitch?: number
  /**
   * Burn the captions (or the voice-over text) in as subtitles.
   */
  subtitles?: boolean
  shape?: '9:16' | '16:9' | '1:1'
  /**
   * How a picture of another shape fills the frame: cut its edges off, or add bars.
   */
  fit?: 'crop' | 'pad'
  /**
   * Pixels of the short side: 720 in 9:16 is 720 × 1280.
   */
  resolution?: 480 | 720 | 1080
  fps?: number
  /**
   * Video kilobits per second. Left empty, it fits the resolution: 900 at 480p, 1400 at 720p, 1800 at 1080p.
   */
  bitrate?: number
  subtitle_style?: {
    /**
     * A font installed on the platform's machines (fonts-noto-cjk draws Chinese and Latin alike), or "material:12": a font file of your materials or one shared with you.
     */
    font?: string
    font_size?: number
    color?: string
    outline_color?: string
    outline?: number
    position?: 'top' | 'middle' | 'bottom' | 'custom'
    /**
     * With position "custom": how far up the frame the subtitle's bottom sits, 0 at the bottom edge and 100 at the top.
     */
    height_percent?: number
    /**
     * Draw each subtitle on a box of its own colour instead of an outline.
     */
    box?: boolean
    box_color?: string
    /**
     * 0 shows the picture through the box, 1 hides it.
     */
    box_opacity?: number
  }
  /**
   * A title shown large at the top over the first seconds.
   */
  title_overlay?: {
    /**
     * Left empty, no title is shown.
     */
    text?: string
    seconds?: number
    font_size?: number
    color?: string
  }
  /**
   * An audio (or video) material from the library, looped to the video's length.
   */
  bgm_material_id?: number | null
  bgm_volume?: number
  /**
   * Seconds the music fades in at the start and out at the end.
   */
  bgm_fade?: number
}

/**
 * Data of a successful answer of `POST /task/estimate_mixed_cut` (What a task would make and cost: mixed cut).
 */
export interface TaskEstimateMixedCutResponse {
  size: {
    output_seconds: number
    variants: number
    width: number
    height: number
  }
  limits: {
    outputSeconds?: number
    variants?: number
    pixelSeconds?: number
    runMinutes: number
  }
  /**
   * Null for a free kind, or a rate of 0.
   */
  cost: {
    ledger: string
    amount: number
  } | null
  /**
   * What the person should know before sending that does not refuse it, in their language: a voice-over longer than the clips, say.
   */
  notices: string[]
}

/**
 * JSON body of `POST /task/estimate_topic_video` (What a task would make and cost: video from a topic).
 */
export interface TaskEstimateTopicVideoBody {
  /**
   * Each video is named after it, numbered when there are several.
   */
  title: string
  /**
   * Where the words come from: the AI writer writes them from the topic (when an administrator has set one up), or the text in the script field is used as it is.
   */
  source: 'topic' | 'script'
  /**
   * What the video is about, in a few words: the AI writer writes the script from it.
   */
  topic?: string
  /**
   * Typed, or taken from the script library. Each sentence gets its own clip and subtitle.
   */
  script?: string
  /**
   * The language the AI writer writes in.
   */
  language?: 'zh-CN' | 'en-US'
  /**
   * About how long each video is: the AI writer writes that much. A script of your own lasts as long as it takes to say.
   */
  seconds?: number
  /**
   * When an administrator has set up Pexels or Pixabay: a sentence the library has no clip for is searched there, and what is downloaded is kept in your library with its source and licence.
   */
  use_stock?: boolean
  /**
   * Videos to make from the script, each with a different choice of clips.
   */
  count?: number
  shape?: '9:16' | '16:9' | '1:1'
  /**
   * Pixels of the short side: 720 in 9:16 is 720 × 1280.
   */
  resolution?: 480 | 720 | 1080
  /**
   * Who reads a voice-over: one of espeak-ng's voices on this platform's machines, in a variant of its own ("en-us+f3"), said to be synthesized; or one of your voices that cloned successfully ("clone:12"), read by the service that made it.
   */
  voice?: string
  /**
   * Words a minute; 175 is a calm pace. A cloned voice keeps its own.
   */
  speed?: number
  /**
   * From 0 (low) to 99 (high); 50 is the voice's own. A cloned voice keeps its own.
   */
  pitch?: number
  /**
   * How one clip gives way to the next: every transition of ffmpeg's xfade, or "random" for a different one at each join.
   */
  transition?:
    | 'none'
    | 'random'
    | 'fade'
    | 'fadeblack'
    | 'fadewhite'
    | 'fadegrays'
    | 'fadefast'
    | 'fadeslow'
    | 'dissolve'
    | 'distance'
    | 'wipeleft'
    | 'wiperight'
    | 'wipeup'
    | 'wipedown'
    | 'wipetl'
    | 'wipetr'
    | 'wipebl'
    | 'wipebr'
    | 'slideleft'
    | 'slideright'
    | 'slideup'
    | 'slidedown'
    | 'smoothleft'
    | 'smoothright'
    | 'smoothup'
    | 'smoothdown'
    | 'circlecrop'
    | 'rectcrop'
    | 'circleopen'
    | 'circleclose'
    | 'radial'
    | 'vertopen'
    | 'vertclose'
    | 'horzopen'
    | 'horzclose'
    | 'diagtl'
    | 'diagtr'
    | 'diagbl'
    | 'diagbr'
    | 'hlslice'
    | 'hrslice'
    | 'vuslice'
    | 'vdslice'
    | 'pixelize'
    | 'hblur'
    | 'squeezeh'
    | 'squeezev'
    | 'zoomin'
  transition_seconds?: number
  /**
   * Show each sentence while it is said.
   */
  subtitles?: boolean
  subtitle_style?: {
    /**
     * A font installed on the platform's machines (fonts-noto-cjk draws Chinese and Latin alike), or "material:12": a font file of your materials or one shared with you.
     */
    font?: string
    font_size?: number
    color?: string
    outline_color?: string
    outline?: number
    position?: 'top' | 'middle' | 'bottom' | 'custom'
    /**
     * With position "custom": how far up the frame the subtitle's bottom sits, 0 at the bottom edge and 100 at the top.
     */
    height_percent?: number
    /**
     * Draw each subtitle on a box of its own colour instead of an outline.
     */
    box?: boolean
    box_color?: string
    /**
     * 0 shows the picture through the box, 1 hides it.
     */
    box_opacity?: number
  }
  /**
   * A title shown large at the top over the first seconds.
   */
  title_overlay?: {
    /**
     * Left empty, no title is shown.
     */
    text?: string
    seconds?: number
    font_size?: number
    color?: string
  }
  /**
   * An audio (or video) material from the library, looped to the video's length.
   */
  bgm_material_id?: number | null
  /**
   * The music ducks under the voice while it speaks.
   */
  bgm_volume?: number
  /**
   * When chosen, the videos go into a release plan posting each to every account.
   *
   * @maxItems 20
   */
  account_ids?: number[]
  /**
   * When the release plan starts; at once when left empty.
   */
  publish_at?: string
}

/**
 * Data of a successful answer of `POST /task/estimate_topic_video` (What a task would make and cost: video from a topic).
 */
export interface TaskEstimateTopicVideoResponse {
  size: {
    output_seconds: number
    variants: number
    width: number
    height: number
  }
  limits: {
    outputSeconds?: number
    variants?: number
    pixelSeconds?: number
    runMinutes: number
  }
  /**
   * Null for a free kind, or a rate of 0.
   */
  cost: {
    ledger: string
    amount: number
  } | null
  /**
   * What the person should know before sending that does not refuse it, in their language: a voice-over longer than the clips, say.
   */
  notices: string[]
}

/**
 * Query string of `GET /task/events` (Follow tasks live (Server-Sent Events)).
 */
export interface TaskEventsQuery {
  /**
   * The id of the last event seen.
   */
  since?: string
}

/**
 * Query string of `GET /task/list` (List tasks).
 */
export interface TaskListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'id'
  order?: 'asc' | 'desc'
  kind?: string
  kind_in?: string
  status?: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'
}

/**
 * Data of a successful answer of `GET /task/list` (List tasks).
 */
export type TaskListResponse = Paginator<Task>

/**
 * JSON body of `POST /task/retry` (Try a failed or cancelled task again).
 */
export interface TaskRetryBody {
  id: number
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /task/retry` (Try a failed or cancelled task again).
 */
export type TaskRetryResponse = Task

/**
 * JSON body of `POST /task/submit_avatar_clone` (Submit a task: image clone).
 */
export interface TaskSubmitAvatarCloneBody {
  name: string
  /**
   * A video of the person alone, facing the camera, in one continuous shot: at least 8 seconds, the shorter side at least 360 pixels.
   */
  training_material_id: number
  /**
   * The person filmed agreed to their likeness being used so.
   */
  consent: true
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /task/submit_avatar_clone` (Submit a task: image clone).
 */
export type TaskSubmitAvatarCloneResponse = Task

/**
 * JSON body of `POST /task/submit_avatar_clone_hd` (Submit a task: hd image clone).
 */
export interface TaskSubmitAvatarCloneHdBody {
  name: string
  /**
   * A video of the person alone, facing the camera, in one continuous shot: at least 15 seconds, the shorter side at least 720 pixels.
   */
  training_material_id: number
  /**
   * The person filmed agreed to their likeness being used so.
   */
  consent: true
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /task/submit_avatar_clone_hd` (Submit a task: hd image clone).
 */
export type TaskSubmitAvatarCloneHdResponse = Task

/**
 * JSON body of `POST /task/submit_batch_digital_video` (Submit up to 20 tasks at once: digital-human video).
 */
export interface TaskSubmitBatchDigitalVideoBody {
  /**
   * @minItems 1
   * @maxItems 20
   */
  inputs: {
    title: string
    /**
     * One of your avatars, made by an image clone.
     */
    avatar_id: number
    /**
     * Who reads a voice-over: one of espeak-ng's voices on this platform's machines, in a variant of its own ("en-us+f3"), said to be synthesized; or one of your voices that cloned successfully ("clone:12"), read by the service that made it.
     */
    voice?: string
    /**
     * What the avatar says, sentence by sentence; each sentence is a subtitle, shown while it is said. Charged per character.
     */
    script: string
    /**
     * Words a minute; 175 is a calm pace. A cloned voice keeps its own.
     */
    speed?: number
    /**
     * From 0 (low) to 99 (high); 50 is the voice's own. A cloned voice keeps its own.
     */
    pitch?: number
    subtitles?: boolean
    subtitle_style?: {
      /**
       * A font installed on the platform's machines (fonts-noto-cjk draws Chinese and Latin alike), or "material:12": a font file of your materials or one shared with you.
       */
      font?: string
      font_size?: number
      color?: string
      outline_color?: string
      outline?: number
      position?: 'top' | 'middle' | 'bottom' | 'custom'
      /**
       * With position "custom": how far up the frame the subtitle's bottom sits, 0 at the bottom edge and 100 at the top.
       */
      height_percent?: number
      /**
       * Draw each subtitle on a box of its own colour instead of an outline.
       */
      box?: boolean
      box_color?: string
      /**
       * 0 shows the picture through the box, 1 hides it.
       */
      box_opacity?: number
    }
    shape?: '9:16' | '16:9' | '1:1'
    /**
     * Pixels of the short side: 720 in 9:16 is 720 × 1280.
     */
    resolution?: 480 | 720 | 1080
    /**
     * A picture filling the frame behind the avatar, whose video is drawn smaller (85 % of the frame) at its foot so the picture shows around it, whatever the avatar's shape; without one the avatar's own video fills the frame.
     */
    background_material_id?: number | null
    /**
     * An audio (or video) material from the library, looped to the video's length.
     */
    bgm_material_id?: number | null
    bgm_volume?: number
  }[]
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /task/submit_batch_digital_video` (Submit up to 20 tasks at once: digital-human video).
 */
export interface TaskSubmitBatchDigitalVideoResponse {
  count: number
  ids: number[]
}

/**
 * JSON body of `POST /task/submit_clip` (Submit a task: smart clip).
 */
export interface TaskSubmitClipBody {
  title: string
  /**
   * @minItems 1
   * @maxItems 20
   */
  segments: {
    material_id: number
    start?: number
    /**
     * 0 takes the material to its end.
     */
    end?: number
  }[]
  /**
   * How one clip gives way to the next: every transition of ffmpeg's xfade, or "random" for a different one at each join.
   */
  transition?:
    | 'none'
    | 'random'
    | 'fade'
    | 'fadeblack'
    | 'fadewhite'
    | 'fadegrays'
    | 'fadefast'
    | 'fadeslow'
    | 'dissolve'
    | 'distance'
    | 'wipeleft'
    | 'wiperight'
    | 'wipeup'
    | 'wipedown'
    | 'wipetl'
    | 'wipetr'
    | 'wipebl'
    | 'wipebr'
    | 'slideleft'
    | 'slideright'
    | 'slideup'
    | 'slidedown'
    | 'smoothleft'
    | 'smoothright'
    | 'smoothup'
    | 'smoothdown'
    | 'circlecrop'
    | 'rectcrop'
    | 'circleopen'
    | 'circleclose'
    | 'radial'
    | 'vertopen'
    | 'vertclose'
    | 'horzopen'
    | 'horzclose'
    | 'diagtl'
    | 'diagtr'
    | 'diagbl'
    | 'diagbr'
    | 'hlslice'
    | 'hrslice'
    | 'vuslice'
    | 'vdslice'
    | 'pixelize'
    | 'hblur'
    | 'squeezeh'
    | 'squeezev'
    | 'zoomin'
  transition_seconds?: number
  shape?: '9:16' | '16:9' | '1:1'
  /**
   * How a picture of another shape fills the frame: cut its edges off, or add bars.
   */
  fit?: 'crop' | 'pad'
  /**
   * Pixels of the short side: 720 in 9:16 is 720 × 1280.
   */
  resolution?: 480 | 720 | 1080
  fps?: number
  /**
   * Video kilobits per second. Left empty, it fits the resolution: 900 at 480p, 1400 at 720p, 1800 at 1080p.
   */
  bitrate?: number
  /**
   * Burned in as subtitles, one sentence at a time, timed over the video by length.
   */
  subtitle_text?: string
  /**
   * Or the subtitles as an SRT file's text, with their own times; wins over subtitle_text.
   */
  subtitle_srt?: string
  /**
   * Read over the video sentence by sentence by the speech provider (locally espeak-ng). The segments play again from the first until it ends, and with no subtitle text or SRT each sentence is shown while it is said.
   */
  voice_text?: string
  /**
   * Who reads a voice-over: one of espeak-ng's voices on this platform's machines, in a variant of its own ("en-us+f3"), said to be synthesized; or one of your voices that cloned successfully ("clone:12"), read by the service that made it.
   */
  voice?: string
  /**
   * Words a minute; 175 is a calm pace. A cloned voice keeps its own.
   */
  speed?: number
  /**
   * From 0 (low) to 99 (high); 50 is the voice's own. A cloned voice keeps its own.
   */
  pitch?: number
  subtitle_style?: {
    /**
     * A font installed on the platform's machines (fonts-noto-cjk draws Chinese and Latin alike), or "material:12": a font file of your materials or one shared with you.
     */
    font?: string
    font_size?: number
    color?: string
    outline_color?: string
    outline?: number
    position?: 'top' | 'middle' | 'bottom' | 'custom'
    /**
     * With position "custom": how far up the frame the subtitle's bottom sits, 0 at the bottom edge and 100 at the top.
     */
    height_percent?: number
    /**
     * Draw each subtitle on a box of its own colour instead of an outline.
     */
    box?: boolean
    box_color?: string
    /**
     * 0 shows the picture through the box, 1 hides it.
     */
    box_opacity?: number
  }
  /**
   * A title shown large at the top over the first seconds.
   */
  title_overlay?: {
    /**
     * Left empty, no title is shown.
     */
    text?: string
    seconds?: number
    font_size?: number
    color?: string
  }
  /**
   * An audio (or video) material from the library, looped to the video's length.
   */
  bgm_material_id?: number | null
  bgm_volume?: number
  /**
   * Seconds the music fades in at the start and out at the end.
   */
  bgm_fade?: number
  /**
   * The second of the finished video its cover picture is taken from.
   */
  cover_at?: number
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /task/submit_clip` (Submit a task: smart clip).
 */
export type TaskSubmitClipResponse = Task

/**
 * JSON body of `POST /task/submit_digital_video` (Submit a task: digital-human video).
 */
export interface TaskSubmitDigitalVideoBody {
  title: string
  /**
   * One of your avatars, made by an image clone.
   */
  avatar_id: number
  /**
   * Who reads a voice-over: one of espeak-ng's voices on this platform's machines, in a variant of its own ("en-us+f3"), said to be synthesized; or one of your voices that cloned successfully ("clone:12"), read by the service that made it.
   */
  voice?: string
  /**
   * What the avatar says, sentence by sentence; each sentence is a subtitle, shown while it is said. Charged per character.
   */
  script: string
  /**
   * Words a minute; 175 is a calm pace. A cloned voice keeps its own.
   */
  speed?: number
  /**
   * From 0 (low) to 99 (high); 50 is the voice's own. A cloned voice keeps its own.
   */
  pitch?: number
  subtitles?: boolean
  subtitle_style?: {
    /**
     * A font installed on the platform's machines (fonts-noto-cjk draws Chinese and Latin alike), or "material:12": a font file of your materials or one shared with you.
     */
    font?: string
    font_size?: number
    color?: string
    outline_color?: string
    outline?: number
    position?: 'top' | 'middle' | 'bottom' | 'custom'
    /**
     * With position "custom": how far up the frame the subtitle's bottom sits, 0 at the bottom edge and 100 at the top.
     */
    height_percent?: number
    /**
     * Draw each subtitle on a box of its own colour instead of an outline.
     */
    box?: boolean
    box_color?: string
    /**
     * 0 shows the picture through the box, 1 hides it.
     */
    box_opacity?: number
  }
  shape?: '9:16' | '16:9' | '1:1'
  /**
   * Pixels of the short side: 720 in 9:16 is 720 × 1280.
   */
  resolution?: 480 | 720 | 1080
  /**
   * A picture filling the frame behind the avatar, whose video is drawn smaller (85 % of the frame) at its foot so the picture shows around it, whatever the avatar's shape; without one the avatar's own video fills the frame.
   */
  background_material_id?: number | null
  /**
   * An audio (or video) material from the library, looped to the video's length.
   */
  bgm_material_id?: number | null
  bgm_volume?: number
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /task/submit_digital_video` (Submit a task: digital-human video).
 */
export type TaskSubmitDigitalVideoResponse = Task

/**
 * JSON body of `POST /task/submit_mixed_cut` (Submit a task: mixed cut).
 */
export interface TaskSubmitMixedCutBody {
  title: string
  /**
   * @minItems 1
   * @maxItems 10
   */
  slots: {
    /**
     * @minItems 1
     * @maxItems 50
     */
    clips: number[]
    /**
     * Lines to choose a subtitle from, one per variant.
     *
     * @maxItems 20
     */
    captions?: string[]
    /**
     * With max_seconds: take a random window of this many seconds or more; 0 takes the whole clip.
     */
    min_seconds?: number
    max_seconds?: number
  }[]
  /**
   * Variants to make: at most the number of different combinations of the slots.
   */
  count: number
  /**
   * How one clip gives way to the next: every transition of ffmpeg's xfade, or "random" for a different one at each join.
   */
  transition?:
    | 'none'
    | 'random'
    | 'fade'
    | 'fadeblack'
    | 'fadewhite'
    | 'fadegrays'
    | 'fadefast'
    | 'fadeslow'
    | 'dissolve'
    | 'distance'
    | 'wipeleft'
    | 'wiperight'
    | 'wipeup'
    | 'wipedown'
    | 'wipetl'
    | 'wipetr'
    | 'wipebl'
    | 'wipebr'
    | 'slideleft'
    | 'slideright'
    | 'slideup'
    | 'slidedown'
    | 'smoothleft'
    | 'smoothright'
    | 'smoothup'
    | 'smoothdown'
    | 'circlecrop'
    | 'rectcrop'
    | 'circleopen'
    | 'circleclose'
    | 'radial'
    | 'vertopen'
    | 'vertclose'
    | 'horzopen'
    | 'horzclose'
    | 'diagtl'
    | 'diagtr'
    | 'diagbl'
    | 'diagbr'
    | 'hlslice'
    | 'hrslice'
    | 'vuslice'
    | 'vdslice'
    | 'pixelize'
    | 'hblur'
    | 'squeezeh'
    | 'squeezev'
    | 'zoomin'
  transition_seconds?: number
  /**
   * Read over every variant sentence by sentence by the speech provider, and each sentence shown as a subtitle while it is said when there are no caption lines. When it is longer than a variant, the windows grow within their slots and then the slots play again in order until it ends.
   */
  voice_text?: string
  /**
   * Who reads a voice-over: one of espeak-ng's voices on this platform's machines, in a variant of its own ("en-us+f3"), said to be synthesized; or one of your voices that cloned successfully ("clone:12"), read by the service that made it.
   */
  voice?: string
  /**
   * Words a minute; 175 is a calm pace. A cloned voice keeps its own.
   */
  speed?: number
  /**
   * From 0 (low) to 99 (high); 50 is the voice's own. A cloned voice keeps its own.
   */
  pitch?: number
  /**
   * Burn the captions (or the voice-over text) in as subtitles.
   */
  subtitles?: boolean
  shape?: '9:16' | '16:9' | '1:1'
  /**
   * How a picture of another shape fills the frame: cut its edges off, or add bars.
   */
  fit?: 'crop' | 'pad'
  /**
   * Pixels of the short side: 720 in 9:16 is 720 × 1280.
   */
  resolution?: 480 | 720 | 1080
  fps?: number
  /**
   * Video kilobits per second. Left empty, it fits the resolution: 900 at 480p, 1400 at 720p, 1800 at 1080p.
   */
  bitrate?: number
  subtitle_style?: {
    /**
     * A font installed on the platform's machines (fonts-noto-cjk draws Chinese and Latin alike), or "material:12": a font file of your materials or one shared with you.
     */
    font?: string
    font_size?: number
    color?: string
    outline_color?: string
    outline?: number
    position?: 'top' | 'middle' | 'bottom' | 'custom'
    /**
     * With position "custom": how far up the frame the subtitle's bottom sits, 0 at the bottom edge and 100 at the top.
     */
    height_percent?: number
    /**
     * Draw each subtitle on a box of its own colour instead of an outline.
     */
    box?: boolean
    box_color?: string
    /**
     * 0 shows the picture through the box, 1 hides it.
     */
    box_opacity?: number
  }
  /**
   * A title shown large at the top over the first seconds.
   */
  title_overlay?: {
    /**
     * Left empty, no title is shown.
     */
    text?: string
    seconds?: number
    font_size?: number
    color?: string
  }
  /**
   * An audio (or video) material from the library, looped to the video's length.
   */
  bgm_material_id?: number | null
  bgm_volume?: number
  /**
   * Seconds the music fades in at the start and out at the end.
   */
  bgm_fade?: number
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /task/submit_mixed_cut` (Submit a task: mixed cut).
 */
export type TaskSubmitMixedCutResponse = Task

/**
 * JSON body of `POST /task/submit_platform_post` (Submit a task: platform post).
 */
export interface TaskSubmitPlatformPostBody {
  post_id: number
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /task/submit_platform_post` (Submit a task: platform post).
 */
export type TaskSubmitPlatformPostResponse = Task

/**
 * JSON body of `POST /task/submit_platform_stats` (Submit a task: video figures).
 */
export interface TaskSubmitPlatformStatsBody {
  account_id: number
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /task/submit_platform_stats` (Submit a task: video figures).
 */
export type TaskSubmitPlatformStatsResponse = Task

/**
 * JSON body of `POST /task/submit_platform_token_refresh` (Submit a task: platform authorization renewal).
 */
export interface TaskSubmitPlatformTokenRefreshBody {
  account_id: number
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /task/submit_platform_token_refresh` (Submit a task: platform authorization renewal).
 */
export type TaskSubmitPlatformTokenRefreshResponse = Task

/**
 * JSON body of `POST /task/submit_topic_video` (Submit a task: video from a topic).
 */
export interface TaskSubmitTopicVideoBody {
  /**
   * Each video is named after it, numbered when there are several.
   */
  title: string
  /**
   * Where the words come from: the AI writer writes them from the topic (when an administrator has set one up), or the text in the script field is used as it is.
   */
  source: 'topic' | 'script'
  /**
   * What the video is about, in a few words: the AI writer writes the script from it.
   */
  topic?: string
  /**
   * Typed, or taken from the script library. Each sentence gets its own clip and subtitle.
   */
  script?: string
  /**
   * The language the AI writer writes in.
   */
  language?: 'zh-CN' | 'en-US'
  /**
   * About how long each video is: the AI writer writes that much. A script of your own lasts as long as it takes to say.
   */
  seconds?: number
  /**
   * When an administrator has set up Pexels or Pixabay: a sentence the library has no clip for is searched there, and what is downloaded is kept in your library with its source and licence.
   */
  use_stock?: boolean
  /**
   * Videos to make from the script, each with a different choice of clips.
   */
  count?: number
  shape?: '9:16' | '16:9' | '1:1'
  /**
   * Pixels of the short side: 720 in 9:16 is 720 × 1280.
   */
  resolution?: 480 | 720 | 1080
  /**
   * Who reads a voice-over: one of espeak-ng's voices on this platform's machines, in a variant of its own ("en-us+f3"), said to be synthesized; or one of your voices that cloned successfully ("clone:12"), read by the service that made it.
   */
  voice?: string
  /**
   * Words a minute; 175 is a calm pace. A cloned voice keeps its own.
   */
  speed?: number
  /**
   * From 0 (low) to 99 (high); 50 is the voice's own. A cloned voice keeps its own.
   */
  pitch?: number
  /**
   * How one clip gives way to the next: every transition of ffmpeg's xfade, or "random" for a different one at each join.
   */
  transition?:
    | 'none'
    | 'random'
    | 'fade'
    | 'fadeblack'
    | 'fadewhite'
    | 'fadegrays'
    | 'fadefast'
    | 'fadeslow'
    | 'dissolve'
    | 'distance'
    | 'wipeleft'
    | 'wiperight'
    | 'wipeup'
    | 'wipedown'
    | 'wipetl'
    | 'wipetr'
    | 'wipebl'
    | 'wipebr'
    | 'slideleft'
    | 'slideright'
    | 'slideup'
    | 'slidedown'
    | 'smoothleft'
    | 'smoothright'
    | 'smoothup'
    | 'smoothdown'
    | 'circlecrop'
    | 'rectcrop'
    | 'circleopen'
    | 'circleclose'
    | 'radial'
    | 'vertopen'
    | 'vertclose'
    | 'horzopen'
    | 'horzclose'
    | 'diagtl'
    | 'diagtr'
    | 'diagbl'
    | 'diagbr'
    | 'hlslice'
    | 'hrslice'
    | 'vuslice'
    | 'vdslice'
    | 'pixelize'
    | 'hblur'
    | 'squeezeh'
    | 'squeezev'
    | 'zoomin'
  transition_seconds?: number
  /**
   * Show each sentence while it is said.
   */
  subtitles?: boolean
  subtitle_style?: {
    /**
     * A font installed on the platform's machines (fonts-noto-cjk draws Chinese and Latin alike), or "material:12": a font file of your materials or one shared with you.
     */
    font?: string
    font_size?: number
    color?: string
    outline_color?: string
    outline?: number
    position?: 'top' | 'middle' | 'bottom' | 'custom'
    /**
     * With position "custom": how far up the frame the subtitle's bottom sits, 0 at the bottom edge and 100 at the top.
     */
    height_percent?: number
    /**
     * Draw each subtitle on a box of its own colour instead of an outline.
     */
    box?: boolean
    box_color?: string
    /**
     * 0 shows the picture through the box, 1 hides it.
     */
    box_opacity?: number
  }
  /**
   * A title shown large at the top over the first seconds.
   */
  title_overlay?: {
    /**
     * Left empty, no title is shown.
     */
    text?: string
    seconds?: number
    font_size?: number
    color?: string
  }
  /**
   * An audio (or video) material from the library, looped to the video's length.
   */
  bgm_material_id?: number | null
  /**
   * The music ducks under the voice while it speaks.
   */
  bgm_volume?: number
  /**
   * When chosen, the videos go into a release plan posting each to every account.
   *
   * @maxItems 20
   */
  account_ids?: number[]
  /**
   * When the release plan starts; at once when left empty.
   */
  publish_at?: string
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /task/submit_topic_video` (Submit a task: video from a topic).
 */
export type TaskSubmitTopicVideoResponse = Task

/**
 * JSON body of `POST /task/submit_voice_clone` (Submit a task: voice clone).
 */
export interface TaskSubmitVoiceCloneBody {
  name: string
  /**
   * An audio (or video) material of one person speaking, 5 seconds to 5 minutes, somewhere quiet.
   */
  sample_material_id: number
  /**
   * The words the sample begins with, up to its first pause, as spoken. A voice made with GPT-SoVITS reads its reference recording with them: its v3 and v4 models need them, v1 and v2 copy the manner of speaking better with them. A recording made in the dialog fills them in; leave them empty when you do not know them.
   */
  transcript?: string
  /**
   * The language the voice will speak.
   */
  language?: 'cmn' | 'en'
  /**
   * The speaker agreed to their voice being used so.
   */
  consent: true
  /**
   * Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.
   */
  idempotency_key?: string
}

/**
 * Data of a successful answer of `POST /task/submit_voice_clone` (Submit a task: voice clone).
 */
export type TaskSubmitVoiceCloneResponse = Task

/**
 * JSON body of `POST /task/uses` (What uses these records).
 */
export interface TaskUsesBody {
  /**
   * The entity of the records, e.g. material.
   */
  entity: string
  /**
   * @minItems 1
   * @maxItems 100
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /task/uses` (What uses these records).
 */
export interface TaskUsesResponse {
  /**
   * Tasks that name the records.
   */
  total: number
  /**
   * Of those, how many are queued or running.
   */
  active: number
  tasks: {
    id: number
    kind: string
    title: string
    status: string
    /**
     * Which of the records it uses.
     */
    record_id: number
  }[]
}

/**
 * JSON body of `POST /task_template/del` (Delete video templates by id).
 */
export interface TaskTemplateDelBody {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /task_template/del` (Delete video templates by id).
 */
export interface TaskTemplateDelResponse {
  deleted: number
}

/**
 * Query string of `GET /task_template/detail` (One of video templates by id).
 */
export interface TaskTemplateDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /task_template/detail` (One of video templates by id).
 */
export type TaskTemplateDetailResponse = TaskTemplate

/**
 * JSON body of `POST /task_template/edit` (Change one of video templates).
 */
export interface TaskTemplateEditBody {
  id: number
  name?: string
  /**
   * The task kind whose form it saves.
   */
  kind?: 'digital_video'
  /**
   * The form's values, as the kind's submit call takes them; text fields may hold {{variables}}, filled per video.
   */
  input?: {}
}

/**
 * Data of a successful answer of `POST /task_template/edit` (Change one of video templates).
 */
export type TaskTemplateEditResponse = TaskTemplate

/**
 * Query string of `GET /task_template/list` (List video templates).
 */
export interface TaskTemplateListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'updated_at' | 'created_at'
  order?: 'asc' | 'desc'
  name?: string
}

/**
 * Data of a successful answer of `GET /task_template/list` (List video templates).
 */
export type TaskTemplateListResponse = Paginator<TaskTemplate>

/**
 * JSON body of `POST /task_template/save` (Save a task form as a template).
 */
export interface TaskTemplateSaveBody {
  name: string
  /**
   * The task kind whose form it saves.
   */
  kind: 'digital_video'
  /**
   * The form's values, as the kind's submit call takes them; text fields may hold {{variables}}, filled per video.
   */
  input: {}
}

/**
 * Data of a successful answer of `POST /task_template/save` (Save a task form as a template).
 */
export type TaskTemplateSaveResponse = TaskTemplate

/**
 * Query string of `GET /upload/generate_sts_token` (Short-lived rights to upload one file directly).
 */
export interface UploadGenerateStsTokenQuery {
  /**
   * An image type for purpose image; any of these for purpose material.
   */
  type:
    | 'image/png'
    | 'image/jpeg'
    | 'image/gif'
    | 'image/webp'
    | 'video/mp4'
    | 'video/quicktime'
    | 'video/webm'
    | 'video/x-matroska'
    | 'audio/mpeg'
    | 'audio/wav'
    | 'audio/mp4'
    | 'audio/aac'
    | 'audio/ogg'
  /**
   * What the file is for: an image used by its address, or a material to register.
   */
  purpose?: 'image' | 'material'
}

/**
 * Data of a successful answer of `GET /upload/generate_sts_token` (Short-lived rights to upload one file directly).
 */
export interface UploadGenerateStsTokenResponse {
  provider: 'local' | 's3'
  upload_url: string
  /**
   * The store's name for the file; material/register takes it back.
   */
  key: string
  fields: {
    [k: string]: string
  }
  file_field: string
  needs_token: boolean
  /**
   * Where the file will be read once sent: the bucket's public address; empty with local storage, where oss_upload answers it.
   */
  url: string
  expires_at: string
  max_bytes: number
}

/**
 * Data of a successful answer of `POST /upload/oss_upload` (Upload an image).
 */
export interface UploadOssUploadResponse {
  /**
   * Where browsers read the file: /uploads/… on this server, or the bucket's public address.
   */
  url: string
  /**
   * The file name the browser sent.
   */
  name: string
  size: number
  /**
   * The media type recognised from the content.
   */
  type: string
}

/**
 * Data of a successful answer of `POST /api/user/menu` (The console menu of the signed-in account).
 */
export type UserMenuResponse = {
  name: string
  path: string
  label: {
    'zh-CN': string
    'en-US': string
  }
  icon?: string
  order: number
  /**
   * The group is one menu entry leading to its first shown route (the AI tool); its routes are not listed under it.
   */
  hideChildrenInMenu?: boolean
  children: {
    name: string
    path: string
    label: {
      'zh-CN': string
      'en-US': string
    }
    hideInMenu: boolean
    /**
     * For a route hidden from the menu: the path of the menu entry highlighted while it is open.
     */
    activeMenu?: string
  }[]
}[]

/**
 * JSON body of `POST /voice_clone/del` (Delete voice clone by id).
 */
export interface VoiceCloneDelBody {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /voice_clone/del` (Delete voice clone by id).
 */
export interface VoiceCloneDelResponse {
  deleted: number
}

/**
 * Query string of `GET /voice_clone/detail` (One of voice clone by id).
 */
export interface VoiceCloneDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /voice_clone/detail` (One of voice clone by id).
 */
export type VoiceCloneDetailResponse = VoiceClone

/**
 * JSON body of `POST /voice_clone/edit` (Change one of voice clone).
 */
export interface VoiceCloneEditBody {
  id: number
  name?: string
}

/**
 * Data of a successful answer of `POST /voice_clone/edit` (Change one of voice clone).
 */
export type VoiceCloneEditResponse = VoiceClone

/**
 * Query string of `GET /voice_clone/list` (List voice clone).
 */
export interface VoiceCloneListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'created_at'
  order?: 'asc' | 'desc'
  name?: string
  status?: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'
  language?: 'cmn' | 'en'
}

/**
 * Data of a successful answer of `GET /voice_clone/list` (List voice clone).
 */
export type VoiceCloneListResponse = Paginator<VoiceClone>

/**
 * Query string of `GET /voice_clone/speak` (Hear a voice say a sentence).
 */
export interface VoiceCloneSpeakQuery {
  /**
   * A cloned voice of the caller's; or give voice instead.
   */
  id?: number
  /**
   * A local voice from voice_clone/voices ("en-us+f3"); or give id instead.
   */
  voice?: string
  /**
   * Words a minute, for a local voice.
   */
  speed?: number
  /**
   * 0 to 99, for a local voice.
   */
  pitch?: number
  text: string
  /**
   * The language of a refusal; an audio element's request has no lang header to carry it.
   */
  lang?: 'zh-CN' | 'en-US'
}

/**
 * Data of a successful answer of `GET /voice_clone/voices` (Every voice a voice-over can be read in).
 */
export interface VoiceCloneVoicesResponse {
  local: {
    /**
     * What a voice field takes.
     */
    id: string
    language: 'zh' | 'en'
    label: string
  }[]
  variants: {
    /**
     * Added to a local voice after "+".
     */
    id: string
    gender: 'M' | 'F' | ''
    label: string
  }[]
  clones: {
    /**
     * "clone:" and the voice's id.
     */
    id: string
    voice_clone_id: number
    label: string
    /**
     * The service that speaks it; "local" for the embedded stand-in, which is not a clone.
     */
    provider: string
  }[]
}

/**
 * JSON body of `POST /work/del` (Delete works by id).
 */
export interface WorkDelBody {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  ids: number[]
}

/**
 * Data of a successful answer of `POST /work/del` (Delete works by id).
 */
export interface WorkDelResponse {
  deleted: number
}

/**
 * Query string of `GET /work/detail` (One of works by id).
 */
export interface WorkDetailQuery {
  id: number
}

/**
 * Data of a successful answer of `GET /work/detail` (One of works by id).
 */
export type WorkDetailResponse = Work

/**
 * JSON body of `POST /work/edit` (Change one of works).
 */
export interface WorkEditBody {
  id: number
  title?: string
}

/**
 * Data of a successful answer of `POST /work/edit` (Change one of works).
 */
export type WorkEditResponse = Work

/**
 * Query string of `GET /work/list` (List works).
 */
export interface WorkListQuery {
  /**
   * 1-based page number.
   */
  page?: number
  /**
   * Rows per page; more than 100 is answered with 100.
   */
  limit?: number
  /**
   * Field to sort by.
   */
  sort?: 'created_at' | 'duration'
  order?: 'asc' | 'desc'
  title?: string
  kind?: 'clip' | 'mixed_cut' | 'digital_human' | 'topic_video'
  task_id?: number
}

/**
 * Data of a successful answer of `GET /work/list` (List works).
 */
export type WorkListResponse = Paginator<Work>

/**
 * An endpoint part that has no fields: no query string, or no JSON body.
 */
export type NoFields = Record<string, never>

/**
 * Every endpoint by its id (its file under schemas/endpoints, without .json): its query string, JSON body and data.
 */
export interface Endpoints {
  'ai/assistants': { query: NoFields; body: NoFields; response: AiAssistantsResponse }
  'ai/chat': { query: NoFields; body: AiChatBody; response: unknown }
  'ai_assistant/add': { query: NoFields; body: AiAssistantAddBody; response: AiAssistantAddResponse }
  'ai_assistant/del': { query: NoFields; body: AiAssistantDelBody; response: AiAssistantDelResponse }
  'ai_assistant/detail': { query: AiAssistantDetailQuery; body: NoFields; response: AiAssistantDetailResponse }
  'ai_assistant/edit': { query: NoFields; body: AiAssistantEditBody; response: AiAssistantEditResponse }
  'ai_assistant/list': { query: AiAssistantListQuery; body: NoFields; response: AiAssistantListResponse }
  'ai_call/list': { query: AiCallListQuery; body: NoFields; response: AiCallListResponse }
  'authorization_link/add': { query: NoFields; body: AuthorizationLinkAddBody; response: AuthorizationLinkAddResponse }
  'authorization_link/del': { query: NoFields; body: AuthorizationLinkDelBody; response: AuthorizationLinkDelResponse }
  'authorization_link/detail': { query: AuthorizationLinkDetailQuery; body: NoFields; response: AuthorizationLinkDetailResponse }
  'authorization_link/form_notices': { query: NoFields; body: NoFields; response: AuthorizationLinkFormNoticesResponse }
  'authorization_link/list': { query: AuthorizationLinkListQuery; body: NoFields; response: AuthorizationLinkListResponse }
  'authorization_link/revoke': { query: NoFields; body: AuthorizationLinkRevokeBody; response: AuthorizationLinkRevokeResponse }
  'avatar/del': { query: NoFields; body: AvatarDelBody; response: AvatarDelResponse }
  'avatar/detail': { query: AvatarDetailQuery; body: NoFields; response: AvatarDetailResponse }
  'avatar/edit': { query: NoFields; body: AvatarEditBody; response: AvatarEditResponse }
  'avatar/list': { query: AvatarListQuery; body: NoFields; response: AvatarListResponse }
  'domain/add': { query: NoFields; body: DomainAddBody; response: DomainAddResponse }
  'domain/batch_del': { query: NoFields; body: DomainBatchDelBody; response: DomainBatchDelResponse }
  'domain/detail': { query: DomainDetailQuery; body: NoFields; response: DomainDetailResponse }
  'domain/edit': { query: NoFields; body: DomainEditBody; response: DomainEditResponse }
  'domain/list': { query: DomainListQuery; body: NoFields; response: DomainListResponse }
  'init_config/get_config': { query: NoFields; body: NoFields; response: InitConfigGetConfigResponse }
  'init_config/set_config': { query: NoFields; body: InitConfigSetConfigBody; response: InitConfigSetConfigResponse }
  'init_config/upload_cert': { query: NoFields; body: NoFields; response: InitConfigUploadCertResponse }
  'material/del': { query: NoFields; body: MaterialDelBody; response: MaterialDelResponse }
  'material/detail': { query: MaterialDetailQuery; body: NoFields; response: MaterialDetailResponse }
  'material/edit': { query: NoFields; body: MaterialEditBody; response: MaterialEditResponse }
  'material/fonts': { query: NoFields; body: NoFields; response: MaterialFontsResponse }
  'material/list': { query: MaterialListQuery; body: NoFields; response: MaterialListResponse }
  'material/register': { query: NoFields; body: MaterialRegisterBody; response: MaterialRegisterResponse }
  'material/tools': { query: NoFields; body: NoFields; response: MaterialToolsResponse }
  'material/transition_preview': { query: MaterialTransitionPreviewQuery; body: NoFields; response: unknown }
  'material/upload': { query: NoFields; body: MaterialUploadBody; response: MaterialUploadResponse }
  'material_folder/add': { query: NoFields; body: MaterialFolderAddBody; response: MaterialFolderAddResponse }
  'material_folder/del': { query: NoFields; body: MaterialFolderDelBody; response: MaterialFolderDelResponse }
  'material_folder/detail': { query: MaterialFolderDetailQuery; body: NoFields; response: MaterialFolderDetailResponse }
  'material_folder/edit': { query: NoFields; body: MaterialFolderEditBody; response: MaterialFolderEditResponse }
  'material_folder/list': { query: MaterialFolderListQuery; body: NoFields; response: MaterialFolderListResponse }
  'matrix/ai_imitate_title': { query: NoFields; body: MatrixAiImitateTitleBody; response: MatrixAiImitateTitleResponse }
  'platform/add_agreement': { query: NoFields; body: PlatformAddAgreementBody; response: PlatformAddAgreementResponse }
  'platform/add_article': { query: NoFields; body: PlatformAddArticleBody; response: PlatformAddArticleResponse }
  'platform/add_industry': { query: NoFields; body: PlatformAddIndustryBody; response: PlatformAddIndustryResponse }
  'platform/add_script': { query: NoFields; body: PlatformAddScriptBody; response: PlatformAddScriptResponse }
  'platform/agreement': { query: PlatformAgreementQuery; body: NoFields; response: PlatformAgreementResponse }
  'platform/agreement_detail': { query: PlatformAgreementDetailQuery; body: NoFields; response: PlatformAgreementDetailResponse }
  'platform/agreement_public': { query: PlatformAgreementPublicQuery; body: NoFields; response: PlatformAgreementPublicResponse }
  'platform/article': { query: PlatformArticleQuery; body: NoFields; response: PlatformArticleResponse }
  'platform/article_detail': { query: PlatformArticleDetailQuery; body: NoFields; response: PlatformArticleDetailResponse }
  'platform/authorization_link_info': { query: PlatformAuthorizationLinkInfoQuery; body: NoFields; response: PlatformAuthorizationLinkInfoResponse }
  'platform/authorization_start': { query: NoFields; body: PlatformAuthorizationStartBody; response: PlatformAuthorizationStartResponse }
  'platform/captcha_image': { query: NoFields; body: NoFields; response: PlatformCaptchaImageResponse }
  'platform/change_pwd': { query: NoFields; body: PlatformChangePwdBody; response: PlatformChangePwdResponse }
  'platform/console_schemas': { query: PlatformConsoleSchemasQuery; body: NoFields; response: PlatformConsoleSchemasResponse }
  'platform/dashboard_data': { query: PlatformDashboardDataQuery; body: NoFields; response: PlatformDashboardDataResponse }
  'platform/del_agreement': { query: NoFields; body: PlatformDelAgreementBody; response: PlatformDelAgreementResponse }
  'platform/del_article': { query: NoFields; body: PlatformDelArticleBody; response: PlatformDelArticleResponse }
  'platform/del_industry': { query: NoFields; body: PlatformDelIndustryBody; response: PlatformDelIndustryResponse }
  'platform/del_script': { query: NoFields; body: PlatformDelScriptBody; response: PlatformDelScriptResponse }
  'platform/download_ticket': { query: NoFields; body: PlatformDownloadTicketBody; response: PlatformDownloadTicketResponse }
  'platform/edit_agreement': { query: NoFields; body: PlatformEditAgreementBody; response: PlatformEditAgreementResponse }
  'platform/edit_article': { query: NoFields; body: PlatformEditArticleBody; response: PlatformEditArticleResponse }
  'platform/edit_industry': { query: NoFields; body: PlatformEditIndustryBody; response: PlatformEditIndustryResponse }
  'platform/edit_script': { query: NoFields; body: PlatformEditScriptBody; response: PlatformEditScriptResponse }
  'platform/edit_transfer_config': { query: NoFields; body: PlatformEditTransferConfigBody; response: PlatformEditTransferConfigResponse }
  'platform/edit_user_info': { query: NoFields; body: PlatformEditUserInfoBody; response: PlatformEditUserInfoResponse }
  'platform/exchange': { query: NoFields; body: PlatformExchangeBody; response: PlatformExchangeResponse }
  'platform/exchange_notices': { query: NoFields; body: NoFields; response: PlatformExchangeNoticesResponse }
  'platform/get_account': { query: PlatformGetAccountQuery; body: NoFields; response: PlatformGetAccountResponse }
  'platform/get_captcha': { query: NoFields; body: PlatformGetCaptchaBody; response: PlatformGetCaptchaResponse }
  'platform/get_config': { query: PlatformGetConfigQuery; body: NoFields; response: PlatformGetConfigResponse }
  'platform/get_platform_config': { query: NoFields; body: NoFields; response: PlatformGetPlatformConfigResponse }
  'platform/get_simple_config': { query: PlatformGetSimpleConfigQuery; body: NoFields; response: PlatformGetSimpleConfigResponse }
  'platform/get_single_config': { query: PlatformGetSingleConfigQuery; body: NoFields; response: PlatformGetSingleConfigResponse }
  'platform/get_system_info': { query: PlatformGetSystemInfoQuery; body: NoFields; response: PlatformGetSystemInfoResponse }
  'platform/get_user_info': { query: NoFields; body: PlatformGetUserInfoBody; response: PlatformGetUserInfoResponse }
  'platform/industry': { query: PlatformIndustryQuery; body: NoFields; response: PlatformIndustryResponse }
  'platform/industry_detail': { query: PlatformIndustryDetailQuery; body: NoFields; response: PlatformIndustryDetailResponse }
  'platform/login': { query: NoFields; body: PlatformLoginBody; response: PlatformLoginResponse }
  'platform/logout': { query: NoFields; body: PlatformLogoutBody; response: PlatformLogoutResponse }
  'platform/oauth_callback': { query: PlatformOauthCallbackQuery; body: NoFields; response: unknown }
  'platform/overstep_log': { query: PlatformOverstepLogQuery; body: NoFields; response: PlatformOverstepLogResponse }
  'platform/overstep_login': { query: NoFields; body: PlatformOverstepLoginBody; response: PlatformOverstepLoginResponse }
  'platform/platform_user_list': { query: PlatformPlatformUserListQuery; body: NoFields; response: PlatformPlatformUserListResponse }
  'platform/platform_voice_clone_list': { query: PlatformPlatformVoiceCloneListQuery; body: NoFields; response: PlatformPlatformVoiceCloneListResponse }
  'platform/register': { query: NoFields; body: PlatformRegisterBody; response: PlatformRegisterResponse }
  'platform/reset_pwd': { query: NoFields; body: PlatformResetPwdBody; response: PlatformResetPwdResponse }
  'platform/script': { query: PlatformScriptQuery; body: NoFields; response: PlatformScriptResponse }
  'platform/script_detail': { query: PlatformScriptDetailQuery; body: NoFields; response: PlatformScriptDetailResponse }
  'platform/set_config': { query: NoFields; body: PlatformSetConfigBody; response: PlatformSetConfigResponse }
  'platform/transfer': { query: NoFields; body: PlatformTransferBody; response: PlatformTransferResponse }
  'platform/transfer_record': { query: PlatformTransferRecordQuery; body: NoFields; response: PlatformTransferRecordResponse }
  'platform/user_money_log': { query: PlatformUserMoneyLogQuery; body: NoFields; response: PlatformUserMoneyLogResponse }
  'platform/user_money_log_export': { query: PlatformUserMoneyLogExportQuery; body: NoFields; response: unknown }
  'platform/user_quota_log': { query: PlatformUserQuotaLogQuery; body: NoFields; response: PlatformUserQuotaLogResponse }
  'platform/user_quota_log_export': { query: PlatformUserQuotaLogExportQuery; body: NoFields; response: unknown }
  'platform_account/add': { query: NoFields; body: PlatformAccountAddBody; response: PlatformAccountAddResponse }
  'platform_account/del': { query: NoFields; body: PlatformAccountDelBody; response: PlatformAccountDelResponse }
  'platform_account/detail': { query: PlatformAccountDetailQuery; body: NoFields; response: PlatformAccountDetailResponse }
  'platform_account/edit': { query: NoFields; body: PlatformAccountEditBody; response: PlatformAccountEditResponse }
  'provider/status': { query: NoFields; body: NoFields; response: ProviderStatusResponse }
  'provider_service/add': { query: NoFields; body: ProviderServiceAddBody; response: ProviderServiceAddResponse }
  'provider_service/add_agent': { query: NoFields; body: ProviderServiceAddAgentBody; response: ProviderServiceAddAgentResponse }
  'provider_service/add_by_service': { query: NoFields; body: ProviderServiceAddByServiceBody; response: ProviderServiceAddByServiceResponse }
  'provider_service/agent': { query: ProviderServiceAgentQuery; body: NoFields; response: ProviderServiceAgentResponse }
  'provider_service/agent_detail': { query: ProviderServiceAgentDetailQuery; body: NoFields; response: ProviderServiceAgentDetailResponse }
  'provider_service/detail': { query: ProviderServiceDetailQuery; body: NoFields; response: ProviderServiceDetailResponse }
  'provider_service/edit': { query: NoFields; body: ProviderServiceEditBody; response: ProviderServiceEditResponse }
  'provider_service/edit_account': { query: NoFields; body: ProviderServiceEditAccountBody; response: ProviderServiceEditAccountResponse }
  'provider_service/edit_agent': { query: NoFields; body: ProviderServiceEditAgentBody; response: ProviderServiceEditAgentResponse }
  'provider_service/edit_by_service': { query: NoFields; body: ProviderServiceEditByServiceBody; response: ProviderServiceEditByServiceResponse }
  'provider_service/edit_type': { query: NoFields; body: ProviderServiceEditTypeBody; response: ProviderServiceEditTypeResponse }
  'provider_service/list': { query: ProviderServiceListQuery; body: NoFields; response: ProviderServiceListResponse }
  'provider_service/merchant': { query: ProviderServiceMerchantQuery; body: NoFields; response: ProviderServiceMerchantResponse }
  'provider_service/merchant_detail': { query: ProviderServiceMerchantDetailQuery; body: NoFields; response: ProviderServiceMerchantDetailResponse }
  'provider_service/tree_children': { query: ProviderServiceTreeChildrenQuery; body: NoFields; response: ProviderServiceTreeChildrenResponse }
  'provider_service/tree_search': { query: ProviderServiceTreeSearchQuery; body: NoFields; response: ProviderServiceTreeSearchResponse }
  'provider_service/used_service_prefix_no_list': { query: ProviderServiceUsedServicePrefixNoListQuery; body: NoFields; response: ProviderServiceUsedServicePrefixNoListResponse }
  'recharge_card/add': { query: NoFields; body: RechargeCardAddBody; response: RechargeCardAddResponse }
  'recharge_card/batch_del': { query: NoFields; body: RechargeCardBatchDelBody; response: RechargeCardBatchDelResponse }
  'recharge_card/can_operate_card_list': { query: RechargeCardCanOperateCardListQuery; body: NoFields; response: RechargeCardCanOperateCardListResponse }
  'recharge_card/card_list': { query: RechargeCardCardListQuery; body: NoFields; response: RechargeCardCardListResponse }
  'recharge_card/edit_card': { query: NoFields; body: RechargeCardEditCardBody; response: RechargeCardEditCardResponse }
  'recharge_card/export_data': { query: RechargeCardExportDataQuery; body: NoFields; response: unknown }
  'recharge_card/remark_card': { query: NoFields; body: RechargeCardRemarkCardBody; response: RechargeCardRemarkCardResponse }
  'recharge_card/transfer_card': { query: NoFields; body: RechargeCardTransferCardBody; response: RechargeCardTransferCardResponse }
  'recharge_card/use_card': { query: NoFields; body: RechargeCardUseCardBody; response: RechargeCardUseCardResponse }
  'recharge_order/cancel': { query: NoFields; body: RechargeOrderCancelBody; response: RechargeOrderCancelResponse }
  'recharge_order/confirm_paid': { query: NoFields; body: RechargeOrderConfirmPaidBody; response: RechargeOrderConfirmPaidResponse }
  'recharge_order/create': { query: NoFields; body: RechargeOrderCreateBody; response: RechargeOrderCreateResponse }
  'recharge_order/detail': { query: RechargeOrderDetailQuery; body: NoFields; response: RechargeOrderDetailResponse }
  'recharge_order/list': { query: RechargeOrderListQuery; body: NoFields; response: RechargeOrderListResponse }
  'recharge_package/add': { query: NoFields; body: RechargePackageAddBody; response: RechargePackageAddResponse }
  'recharge_package/del': { query: NoFields; body: RechargePackageDelBody; response: RechargePackageDelResponse }
  'recharge_package/detail': { query: RechargePackageDetailQuery; body: NoFields; response: RechargePackageDetailResponse }
  'recharge_package/edit': { query: NoFields; body: RechargePackageEditBody; response: RechargePackageEditResponse }
  'recharge_package/list': { query: RechargePackageListQuery; body: NoFields; response: RechargePackageListResponse }
  'recharge_package/on_sale': { query: RechargePackageOnSaleQuery; body: NoFields; response: RechargePackageOnSaleResponse }
  'release_plan/add': { query: NoFields; body: ReleasePlanAddBody; response: ReleasePlanAddResponse }
  'release_plan/cancel': { query: NoFields; body: ReleasePlanCancelBody; response: ReleasePlanCancelResponse }
  'release_plan/detail': { query: ReleasePlanDetailQuery; body: NoFields; response: ReleasePlanDetailResponse }
  'release_plan/list': { query: ReleasePlanListQuery; body: NoFields; response: ReleasePlanListResponse }
  'release_plan/pause': { query: NoFields; body: ReleasePlanPauseBody; response: ReleasePlanPauseResponse }
  'release_plan/resume': { query: NoFields; body: ReleasePlanResumeBody; response: ReleasePlanResumeResponse }
  'release_post/confirm': { query: NoFields; body: ReleasePostConfirmBody; response: ReleasePostConfirmResponse }
  'release_post/detail': { query: ReleasePostDetailQuery; body: NoFields; response: ReleasePostDetailResponse }
  'release_post/events': { query: ReleasePostEventsQuery; body: NoFields; response: unknown }
  'release_post/export_data': { query: ReleasePostExportDataQuery; body: NoFields; response: unknown }
  'release_post/list': { query: ReleasePostListQuery; body: NoFields; response: ReleasePostListResponse }
  'release_post/retry': { query: NoFields; body: ReleasePostRetryBody; response: ReleasePostRetryResponse }
  'release_post/stats': { query: ReleasePostStatsQuery; body: NoFields; response: ReleasePostStatsResponse }
  'task/cancel': { query: NoFields; body: TaskCancelBody; response: TaskCancelResponse }
  'task/del': { query: NoFields; body: TaskDelBody; response: TaskDelResponse }
  'task/detail': { query: TaskDetailQuery; body: NoFields; response: TaskDetailResponse }
  'task/estimate_clip': { query: NoFields; body: TaskEstimateClipBody; response: TaskEstimateClipResponse }
  'task/estimate_mixed_cut': { query: NoFields; body: TaskEstimateMixedCutBody; response: TaskEstimateMixedCutResponse }
  'task/estimate_topic_video': { query: NoFields; body: TaskEstimateTopicVideoBody; response: TaskEstimateTopicVideoResponse }
  'task/events': { query: TaskEventsQuery; body: NoFields; response: unknown }
  'task/list': { query: TaskListQuery; body: NoFields; response: TaskListResponse }
  'task/retry': { query: NoFields; body: TaskRetryBody; response: TaskRetryResponse }
  'task/submit_avatar_clone': { query: NoFields; body: TaskSubmitAvatarCloneBody; response: TaskSubmitAvatarCloneResponse }
  'task/submit_avatar_clone_hd': { query: NoFields; body: TaskSubmitAvatarCloneHdBody; response: TaskSubmitAvatarCloneHdResponse }
  'task/submit_batch_digital_video': { query: NoFields; body: TaskSubmitBatchDigitalVideoBody; response: TaskSubmitBatchDigitalVideoResponse }
  'task/submit_clip': { query: NoFields; body: TaskSubmitClipBody; response: TaskSubmitClipResponse }
  'task/submit_digital_video': { query: NoFields; body: TaskSubmitDigitalVideoBody; response: TaskSubmitDigitalVideoResponse }
  'task/submit_mixed_cut': { query: NoFields; body: TaskSubmitMixedCutBody; response: TaskSubmitMixedCutResponse }
  'task/submit_platform_post': { query: NoFields; body: TaskSubmitPlatformPostBody; response: TaskSubmitPlatformPostResponse }
  'task/submit_platform_stats': { query: NoFields; body: TaskSubmitPlatformStatsBody; response: TaskSubmitPlatformStatsResponse }
  'task/submit_platform_token_refresh': { query: NoFields; body: TaskSubmitPlatformTokenRefreshBody; response: TaskSubmitPlatformTokenRefreshResponse }
  'task/submit_topic_video': { query: NoFields; body: TaskSubmitTopicVideoBody; response: TaskSubmitTopicVideoResponse }
  'task/submit_voice_clone': { query: NoFields; body: TaskSubmitVoiceCloneBody; response: TaskSubmitVoiceCloneResponse }
  'task/uses': { query: NoFields; body: TaskUsesBody; response: TaskUsesResponse }
  'task_template/del': { query: NoFields; body: TaskTemplateDelBody; response: TaskTemplateDelResponse }
  'task_template/detail': { query: TaskTemplateDetailQuery; body: NoFields; response: TaskTemplateDetailResponse }
  'task_template/edit': { query: NoFields; body: TaskTemplateEditBody; response: TaskTemplateEditResponse }
  'task_template/list': { query: TaskTemplateListQuery; body: NoFields; response: TaskTemplateListResponse }
  'task_template/save': { query: NoFields; body: TaskTemplateSaveBody; response: TaskTemplateSaveResponse }
  'upload/generate_sts_token': { query: UploadGenerateStsTokenQuery; body: NoFields; response: UploadGenerateStsTokenResponse }
  'upload/oss_upload': { query: NoFields; body: NoFields; response: UploadOssUploadResponse }
  'user/menu': { query: NoFields; body: NoFields; response: UserMenuResponse }
  'voice_clone/del': { query: NoFields; body: VoiceCloneDelBody; response: VoiceCloneDelResponse }
  'voice_clone/detail': { query: VoiceCloneDetailQuery; body: NoFields; response: VoiceCloneDetailResponse }
  'voice_clone/edit': { query: NoFields; body: VoiceCloneEditBody; response: VoiceCloneEditResponse }
  'voice_clone/list': { query: VoiceCloneListQuery; body: NoFields; response: VoiceCloneListResponse }
  'voice_clone/speak': { query: VoiceCloneSpeakQuery; body: NoFields; response: unknown }
  'voice_clone/voices': { query: NoFields; body: NoFields; response: VoiceCloneVoicesResponse }
  'work/del': { query: NoFields; body: WorkDelBody; response: WorkDelResponse }
  'work/detail': { query: WorkDetailQuery; body: NoFields; response: WorkDetailResponse }
  'work/edit': { query: NoFields; body: WorkEditBody; response: WorkEditResponse }
  'work/list': { query: WorkListQuery; body: NoFields; response: WorkListResponse }
}
