import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointDef, Role } from '../../src/schema/types'
import { isGeneric } from '../../src/schema/registry-core'
import { changeMoney, changeQuota } from '../../src/server/ledger/ledger'
import { hashCaptchaAnswer } from '../../src/server/password-reset/captcha'
import { PASSWORD, startTestServer, type TestServer } from './harness'
import { asSchemaDb } from '../../src/server/db/connect'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeTestVideo } from '../../src/server/media/test-media'
import { callStream } from '../support/event-stream'
import { startChatContract, type ChatContract } from '../support/chat-contract'

/**
 * Every endpoint of the promotion hierarchy, money and quotas, called by every role on
 * (its own record, a record below it, another partner's record). What is expected follows
 * DESIGN §4 from the endpoint file alone: its role list, its "scope", its "fixed" values and
 * whether it lists only the caller's own records. Handlers that add a business rule on top
 * (transfers go to direct children only; a new merchant's parent must be a partner) say so
 * in their probe. A refusal must change nothing and name nothing of the record it refused.
 */

/** Endpoint path prefixes this matrix covers: a new endpoint under them needs a probe below. */
const COVERED = ['/ai', '/matrix', '/platform_account', '/authorization_link', '/platform/get_account', '/platform/platform_user_list', '/release_plan', '/release_post', '/task', '/material', '/work', '/voice_clone', '/avatar', '/task_template', '/provider/status', '/provider_service', '/platform/register', '/platform/transfer', '/platform/edit_transfer_config', '/platform/exchange', '/platform/overstep', '/platform/user_money_log', '/platform/user_quota_log', '/platform/dashboard_data', '/recharge_package', '/recharge_order', '/recharge_card']

type Relation = 'own' | 'below' | 'other'
interface Account { id: number; username: string; name: string; user_type: number; parent_id: number | null; path: string }

interface Probe {
  /**
   * list: a page of records; get: one by id; write: a change to one account; create: a new account under a parent; role: no target, the role list alone;
   * open: callable by anyone, signed in or not, and what the request names (an invitation code), never the caller, says where the new account goes.
   */
  kind: 'list' | 'get' | 'write' | 'create' | 'role' | 'export' | 'open'
  /** The request for a target account (write, get, create: the new account's parent), or for its record (`record`). */
  request?: (target: Account, n: number) => Record<string, unknown> | Promise<Record<string, unknown>>
  /** Field values a target must have beyond the endpoint's "fixed" (e.g. an overstep opens merchants only). */
  targetIs?: Record<string, number>
  /** 'child': the handler reaches direct children only. */
  reach?: 'child'
  /** The target may be the caller itself (a new account under its own name). */
  ownAllowed?: boolean
  /** Only the record's own holder may do it, whatever the role (a card is renamed by whoever holds it). */
  holderOnly?: boolean
  /** How a refusal looks when it is not an error: a search that finds nothing it may not show. */
  refusedWhen?: (data: unknown) => boolean
  /** The call is about a record the target account owns, made fresh for each call (an order that is still open). */
  record?: (owner: Account) => Promise<number>
  /** A role probe that is not a JSON call (a file upload, an event stream): made this way, answering its status and code. */
  send?: (token: string, caller: Account) => Promise<{ status: number; code: number }>
  /** A record's call that answers a file when it is allowed (a voice speaking), an envelope when refused: made this way. */
  call?: (token: string, request: Record<string, unknown>) => Promise<{ status: number; body: { code: number; data?: unknown; msg?: string } }>
}

/** A recharge order still awaiting payment, placed by its owner (a partner) itself. */
const openOrder = async (owner: Account): Promise<number> => {
  const res = await server.call<{ id: number }>('POST', '/recharge_order/create', { token: callers[owner.username]!.token, body: { package_id: packageId } })
  if (res.body.code !== 1) throw new Error(`order for ${owner.username}: ${res.body.msg}`)
  return res.body.data.id
}

let materialsMade = 0
/** A material of the owner's, as an upload leaves it (uploads themselves are probed once, under material/upload). */
const ownMaterial = async (owner: Account): Promise<number> => {
  const now = new Date().toISOString()
  const row = await server.services.db
    .insertInto('material')
    // Each its own file, as uploads are: one stored file is one material's.
    .values({ name: 'matrix.mp4', kind: 'video', url: '/uploads/matrix.mp4', storage_key: `matrix-${owner.id}-${++materialsMade}.mp4`, format: 'mov,mp4', duration: 1, width: 64, height: 48, fps: 25, video_codec: 'h264', owner_id: owner.id, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}
/** A clip task of the owner's, left queued (no worker runs in this server). */
const queuedTask = async (owner: Account): Promise<number> => {
  const res = await server.call<{ id: number }>('POST', '/task/submit_clip', { token: callers[owner.username]!.token, body: { title: 'Matrix', segments: [{ material_id: materials[owner.username]! }] } })
  if (res.body.code !== 1) throw new Error(`task for ${owner.username}: ${res.body.msg}`)
  return res.body.data.id
}
const cancelledTask = async (owner: Account): Promise<number> => {
  const id = await queuedTask(owner)
  await ok('/task/cancel', owner.username, { id })
  return id
}
const ownFolder = async (owner: Account): Promise<number> => {
  const res = await server.call<{ id: number }>('POST', '/material_folder/add', { token: callers[owner.username]!.token, body: { name: `Matrix ${++n}` } })
  return res.body.data.id
}
/** A work of the owner's, as a finished task writes it. */
const ownWork = async (owner: Account): Promise<number> => {
  const now = new Date().toISOString()
  const row = await server.services.db.insertInto('work').values({ title: 'Matrix work', kind: 'clip', url: '/uploads/matrix.mp4', owner_id: owner.id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()
  return Number(row.id)
}
/** A voice of the owner's that speaks (the local provider's), as a clone task leaves it. */
const ownVoice = async (owner: Account): Promise<number> => {
  const now = new Date().toISOString()
  const row = await server.services.db
    .insertInto('voice_clone')
    .values({ user_id: owner.id, name: 'Matrix voice', status: 'succeeded', provider: 'local', kind: 'stock', voice_id: 'local:en+m3:50', sample_url: '', error: '', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}
/** A Douyin account of the owner's, as an authorization leaves it (its tokens sealed elsewhere; none is needed here). */
const ownPlatformAccount = async (owner: Account): Promise<number> => {
  const now = new Date().toISOString()
  const row = await server.services.db
    .insertInto('platform_account')
    .values({ owner_id: owner.id, platform: 'douyin', nickname: `Matrix shop ${owner.id}`, status: 'authorized', open_id: `dy-matrix-${++n}`, avatar_url: '', access_token: '', refresh_token: '', scope: '', problem: '', remark: '', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}
/** An authorization link of the owner's, still active. */
const ownLink = async (owner: Account): Promise<number> => {
  const now = new Date().toISOString()
  const row = await server.services.db
    .insertInto('authorization_link')
    .values({ owner_id: owner.id, name: 'Matrix link', platforms: '["douyin"]', valid_days: 7, expires_at: new Date(Date.now() + 86_400_000).toISOString(), status: 'active', code: '', host: '', authorized_count: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}
/** A release plan of the owner's, running, with one post waiting for a person (an assisted account's). */
const ownPlan = async (owner: Account): Promise<number> => {
  const now = new Date().toISOString()
  const plan = await server.services.db
    .insertInto('release_plan')
    .values({ owner_id: owner.id, name: 'Matrix plan', status: 'active', start_at: now, slots_per_day: 1, interval_minutes: 60, jitter_minutes: 0, daily_cap: 1, titles: '[]', topics: '[]', poi_id: '', posts_total: 1, posts_done: 0, posts_failed: 0, posts_skipped: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(plan.id)
}
const ownPost = async (owner: Account, status = 'assisted'): Promise<number> => {
  const now = new Date().toISOString()
  const planId = await ownPlan(owner)
  const post = await server.services.db
    .insertInto('release_post')
    .values({ owner_id: owner.id, plan_id: planId, work_id: await ownWork(owner), account_id: await ownPlatformAccount(owner), platform: 'xiaohongshu', title: 'Matrix post', scheduled_at: now, status, task_id: null, item_id: '', share_url: '', error: '', published_at: null, work_account: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(post.id)
}
/** A recording of the owner's, as an upload of one leaves it. */
const ownSample = async (owner: Account): Promise<number> => {
  const now = new Date().toISOString()
  const row = await server.services.db
    .insertInto('material')
    .values({ name: 'matrix.m4a', kind: 'audio', url: '/uploads/matrix.m4a', storage_key: `matrix-${owner.id}-${++materialsMade}.m4a`, format: 'mov,mp4,m4a', duration: 8, audio_codec: 'aac', owner_id: owner.id, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}
/** An avatar of the owner's, as a clone task leaves it. */
const ownAvatar = async (owner: Account): Promise<number> => {
  const now = new Date().toISOString()
  const row = await server.services.db
    .insertInto('avatar')
    .values({ name: 'Matrix avatar', tier: 'standard', status: 'succeeded', render: 'no_lip_sync', provider: 'local', external_id: 'local:loop', still_url: '', loop_url: '', owner_id: owner.id, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}
/** A saved video form of the owner's. */
const ownTemplate = async (owner: Account): Promise<number> => {
  const now = new Date().toISOString()
  const row = await server.services.db
    .insertInto('task_template')
    .values({ owner_id: owner.id, name: 'Matrix template', kind: 'digital_video', input: JSON.stringify({ title: '{{name}}', script: 'Hello {{name}}.' }), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}
/** A training video of the owner's, long and sharp enough for either clone. */
const ownTraining = async (owner: Account): Promise<number> => {
  const now = new Date().toISOString()
  const row = await server.services.db
    .insertInto('material')
    .values({ name: 'matrix-person.mp4', kind: 'video', url: '/uploads/matrix-person.mp4', storage_key: `matrix-${owner.id}-${++materialsMade}.mp4`, format: 'mov,mp4', duration: 20, width: 1280, height: 720, fps: 25, video_codec: 'h264', owner_id: owner.id, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}
/** The voice speaking: MP3 when allowed, an envelope when refused. */
const speakCall = async (token: string, request: Record<string, unknown>) => {
  const res = await server.inject({ method: 'GET', url: '/api/v1/voice_clone/speak', query: request as Record<string, string>, headers: { token } })
  return res.headers['content-type'] === 'audio/mpeg' ? { status: res.statusCode, body: { code: 1 } } : { status: res.statusCode, body: res.json<{ code: number; data?: unknown; msg?: string }>() }
}
const MERCHANT = { user_type: 2 }

let chatContract: ChatContract
let assistantId: number
/** An AI assistant every role may use, made by the admin. */
const spareAssistant = async (): Promise<number> => {
  const res = await server.call<{ id: number }>('POST', '/ai_assistant/add', { token: callers.admin!.token, body: { name: `Matrix assistant ${++n}`, system_prompt: 'Answer briefly.', roles: ['partner', 'merchant'] } })
  if (res.body.code !== 1) throw new Error(`assistant: ${res.body.msg}`)
  return res.body.data.id
}
/** A conversation with it: an event stream ending in "done" when allowed, an envelope when refused. */
const chatWith = async (token: string): Promise<{ status: number; code: number }> => {
  const res = await server.inject({ method: 'POST', url: '/api/v1/ai/chat', headers: { token, 'content-type': 'application/json' }, payload: JSON.stringify({ assistant_id: assistantId, messages: [{ role: 'user', content: 'Hello' }] }) })
  if (String(res.headers['content-type']).startsWith('text/event-stream')) return { status: res.statusCode, code: res.body.includes('event: done') ? 1 : 0 }
  return { status: res.statusCode, code: res.json<{ code: number }>().code }
}

const PROBES: Record<string, Probe> = {
  // The content side: a merchant's materials, works and tasks are its own and its partner's to reach.
  'material/list': { kind: 'list' },
  'material/detail': { kind: 'get', targetIs: MERCHANT, record: ownMaterial },
  'material/edit': { kind: 'write', targetIs: MERCHANT, record: ownMaterial, request: (m) => ({ id: m.id, tags: 'matrix' }) },
  'material/del': { kind: 'write', targetIs: MERCHANT, record: ownMaterial, request: (m) => ({ ids: [m.id] }) },
  'material/upload': { kind: 'role', send: async (token) => upload(token) },
  // Open: it shows nothing of anyone's; every role (and no one signed in) sees the same preview.
  'material/transition_preview': {
    kind: 'role',
    send: async (token) => {
      const res = await server.app.inject({ method: 'GET', url: '/api/v1/material/transition_preview?name=fade', headers: { platform: 'pc', token } })
      return { status: res.statusCode, code: res.statusCode === 200 && res.headers['content-type'] === 'video/mp4' ? 1 : 0, msg: '' }
    },
  },
  'material/register': { kind: 'role', send: async (token, caller) => register(token, caller) },
  'material_folder/list': { kind: 'list' },
  'material_folder/detail': { kind: 'get', targetIs: MERCHANT, record: ownFolder },
  'material_folder/add': { kind: 'role', request: (_, i) => ({ name: `Matrix folder ${i}` }) },
  'material_folder/edit': { kind: 'write', targetIs: MERCHANT, record: ownFolder, request: (f) => ({ id: f.id, name: `Renamed ${f.id}` }) },
  'material_folder/del': { kind: 'write', targetIs: MERCHANT, record: ownFolder, request: (f) => ({ ids: [f.id] }) },
  'work/list': { kind: 'list' },
  'work/detail': { kind: 'get', targetIs: MERCHANT, record: ownWork },
  'work/edit': { kind: 'write', targetIs: MERCHANT, record: ownWork, request: (w) => ({ id: w.id, title: 'Renamed' }) },
  'work/del': { kind: 'write', targetIs: MERCHANT, record: ownWork, request: (w) => ({ ids: [w.id] }) },
  'task/list': { kind: 'list' },
  'task/detail': { kind: 'get', targetIs: MERCHANT, record: queuedTask },
  'task/cancel': { kind: 'write', targetIs: MERCHANT, record: queuedTask, request: (t) => ({ id: t.id }) },
  'task/retry': { kind: 'write', targetIs: MERCHANT, record: cancelledTask, request: (t) => ({ id: t.id }) },
  'task/del': { kind: 'write', targetIs: MERCHANT, record: cancelledTask, request: (t) => ({ ids: [t.id] }) },
  'task/submit_clip': { kind: 'role', request: (caller) => ({ title: 'Matrix', segments: [{ material_id: materials[caller.username] ?? 1 }] }) },
  'task/submit_mixed_cut': { kind: 'role', request: (caller) => ({ title: 'Matrix', count: 1, slots: [{ clips: [materials[caller.username] ?? 1] }] }) },
  'task/estimate_clip': { kind: 'role', request: (caller) => ({ title: 'Matrix', segments: [{ material_id: materials[caller.username] ?? 1 }] }) },
  'task/estimate_mixed_cut': { kind: 'role', request: (caller) => ({ title: 'Matrix', count: 1, slots: [{ clips: [materials[caller.username] ?? 1] }] }) },
  'task/submit_topic_video': { kind: 'role', request: () => ({ title: 'Matrix', source: 'script', script: 'Hello.', count: 1 }) },
  'task/estimate_topic_video': { kind: 'role', request: () => ({ title: 'Matrix', source: 'script', script: 'Hello.', count: 1 }) },
  'task/events': { kind: 'role', send: async (token) => events(token) },
  'task/submit_voice_clone': { kind: 'role', request: async (caller) => ({ name: 'Matrix voice', sample_material_id: await ownSample(caller), consent: true }) },
  'task/submit_avatar_clone': { kind: 'role', request: async (caller) => ({ name: 'Matrix avatar', training_material_id: await ownTraining(caller), consent: true }) },
  'task/submit_avatar_clone_hd': { kind: 'role', request: async (caller) => ({ name: 'Matrix HD avatar', training_material_id: await ownTraining(caller), consent: true }) },
  'task/submit_digital_video': { kind: 'role', request: async (caller) => ({ title: 'Matrix video', avatar_id: await ownAvatar(caller), script: 'Hello.' }) },
  'task/submit_batch_digital_video': { kind: 'role', request: async (caller) => ({ inputs: [{ title: 'Matrix batch', avatar_id: await ownAvatar(caller), script: 'Hello.' }] }) },
  'task_template/list': { kind: 'list' },
  'task_template/detail': { kind: 'get', targetIs: MERCHANT, record: ownTemplate },
  'task_template/edit': { kind: 'write', targetIs: MERCHANT, record: ownTemplate, request: (t) => ({ id: t.id, name: 'Renamed template' }) },
  'task_template/del': { kind: 'write', targetIs: MERCHANT, record: ownTemplate, request: (t) => ({ ids: [t.id] }) },
  'task_template/save': { kind: 'role', request: (_, i) => ({ name: `Matrix template ${i}`, kind: 'digital_video', input: { script: 'Hello {{name}}.' } }) },
  // The AI tool: assistants and the call log are the admin's; using an assistant follows its roles (ai-tool.spec.ts).
  'ai/chat': { kind: 'role', send: async (token) => chatWith(token) },
  'matrix/ai_imitate_title': { kind: 'role', request: () => ({ title: 'Three tricks for better coffee', count: 2 }) },
  'ai_assistant/list': { kind: 'role' },
  'ai_assistant/detail': { kind: 'role', request: () => ({ id: assistantId }) },
  'ai_assistant/add': { kind: 'role', request: (_, i) => ({ name: `Matrix added ${i}`, system_prompt: 'Answer briefly.' }) },
  'ai_assistant/edit': { kind: 'role', request: () => ({ id: assistantId, description: 'matrix' }) },
  'ai_assistant/del': { kind: 'role', request: async () => ({ ids: [await spareAssistant()] }) },
  'ai_call/list': { kind: 'role' },
  // Matrix accounts: a merchant's own to manage, in its partner's reach to see; links are their maker's.
  'platform/get_account': { kind: 'list' },
  'platform/platform_user_list': { kind: 'list' },
  'platform_account/detail': { kind: 'get', targetIs: MERCHANT, record: ownPlatformAccount },
  'platform_account/edit': { kind: 'write', targetIs: MERCHANT, record: ownPlatformAccount, request: (a) => ({ id: a.id, remark: 'matrix' }) },
  'platform_account/del': { kind: 'write', targetIs: MERCHANT, record: ownPlatformAccount, request: (a) => ({ ids: [a.id] }) },
  'platform_account/add': { kind: 'role', request: (_, i) => ({ platform: 'xiaohongshu', nickname: `Matrix notes ${i}` }) },
  'task/submit_platform_token_refresh': { kind: 'role', request: async (caller) => ({ account_id: await ownPlatformAccount(caller) }) },
  'authorization_link/list': { kind: 'list' },
  'authorization_link/detail': { kind: 'get', targetIs: MERCHANT, record: ownLink },
  'authorization_link/del': { kind: 'write', targetIs: MERCHANT, record: ownLink, request: (l) => ({ ids: [l.id] }) },
  'authorization_link/revoke': { kind: 'write', targetIs: MERCHANT, record: ownLink, request: (l) => ({ id: l.id }) },
  'authorization_link/add': { kind: 'role', request: (_, i) => ({ name: `Matrix link ${i}` }) },
  // Release plans and their posts are their merchant's, in its partner's reach.
  'release_plan/list': { kind: 'list' },
  'release_plan/detail': { kind: 'get', targetIs: MERCHANT, record: ownPlan },
  'release_plan/pause': { kind: 'write', targetIs: MERCHANT, record: ownPlan, request: (p) => ({ id: p.id }) },
  'release_plan/resume': { kind: 'write', targetIs: MERCHANT, record: async (owner) => { const id = await ownPlan(owner); await server.services.db.updateTable('release_plan').set({ status: 'paused' }).where('id', '=', id).execute(); return id }, request: (p) => ({ id: p.id }) },
  'release_plan/cancel': { kind: 'write', targetIs: MERCHANT, record: ownPlan, request: (p) => ({ id: p.id }) },
  'release_plan/add': { kind: 'role', request: async (caller, i) => ({ name: `Matrix plan ${i}`, start_at: new Date().toISOString(), work_ids: [await ownWork(caller)], account_ids: [await ownPlatformAccount(caller)] }) },
  'release_post/list': { kind: 'list' },
  'release_post/detail': { kind: 'get', targetIs: MERCHANT, record: ownPost },
  'release_post/confirm': { kind: 'write', targetIs: MERCHANT, record: ownPost, request: (p) => ({ id: p.id }) },
  'release_post/retry': { kind: 'write', targetIs: MERCHANT, record: (owner) => ownPost(owner, 'failed'), request: (p) => ({ id: p.id }) },
  'release_post/stats': { kind: 'role', request: () => ({ group_by: 'account_id' }) },
  'release_post/events': { kind: 'role', send: async (token) => events(token, '/api/v1/release_post/events') },
  'release_post/export_data': { kind: 'export' },
  'task/submit_platform_post': { kind: 'role', request: async (caller) => ({ post_id: await ownPost(caller, 'pending') }) },
  'task/submit_platform_stats': { kind: 'role', request: async (caller) => ({ account_id: await ownPlatformAccount(caller) }) },
  'avatar/list': { kind: 'list' },
  'avatar/detail': { kind: 'get', targetIs: MERCHANT, record: ownAvatar },
  'avatar/edit': { kind: 'write', targetIs: MERCHANT, record: ownAvatar, request: (a) => ({ id: a.id, name: 'Renamed avatar' }) },
  'avatar/del': { kind: 'write', targetIs: MERCHANT, record: ownAvatar, request: (a) => ({ ids: [a.id] }) },
  'voice_clone/list': { kind: 'list' },
  'voice_clone/detail': { kind: 'get', targetIs: MERCHANT, record: ownVoice },
  'voice_clone/edit': { kind: 'write', targetIs: MERCHANT, record: ownVoice, request: (v) => ({ id: v.id, name: 'Renamed voice' }) },
  'voice_clone/del': { kind: 'write', targetIs: MERCHANT, record: ownVoice, request: (v) => ({ ids: [v.id] }) },
  'voice_clone/speak': { kind: 'get', targetIs: MERCHANT, record: ownVoice, request: (v) => ({ id: v.id, text: 'Hello' }), call: speakCall },
  'task/uses': { kind: 'get', targetIs: MERCHANT, record: ownMaterial, request: (m) => ({ entity: 'material', ids: [m.id] }) },
  'provider_service/list': { kind: 'list' },
  'provider_service/merchant': { kind: 'list' },
  'provider_service/agent': { kind: 'list' },
  'platform/transfer_record': { kind: 'list' },
  'platform/overstep_log': { kind: 'list' },
  'platform/user_money_log': { kind: 'list' },
  'platform/user_quota_log': { kind: 'list' },
  'platform/user_money_log_export': { kind: 'export' },
  'platform/user_quota_log_export': { kind: 'export' },
  'provider_service/detail': { kind: 'get' },
  'provider_service/merchant_detail': { kind: 'get' },
  'provider_service/agent_detail': { kind: 'get' },
  'provider_service/edit': { kind: 'write', request: (t) => ({ id: t.id, name: `${t.name} ` }) },
  'provider_service/edit_type': { kind: 'write', request: (t) => ({ id: t.id, service_type: 2 }) },
  'provider_service/edit_account': { kind: 'write', request: (t, n) => ({ id: t.id, amount: '0.01', remark: 'matrix', idempotency_key: `matrix-${n}` }) },
  'provider_service/edit_by_service': { kind: 'write', request: (t) => ({ id: t.id, name: `${t.name} ` }) },
  'provider_service/edit_agent': { kind: 'write', request: (t) => ({ id: t.id, name: `${t.name} ` }) },
  'platform/edit_transfer_config': { kind: 'write', request: (t) => ({ id: t.id, can_transfer_money: 1 }) },
  'platform/transfer': { kind: 'write', reach: 'child', request: (t) => ({ to_user_id: t.id, kind: 'money', amount: '0.01' }) },
  'platform/overstep_login': { kind: 'write', targetIs: { user_type: 2 }, request: (t) => ({ merchant_id: t.id }) },
  'provider_service/add_by_service': { kind: 'create', targetIs: { user_type: 1 }, ownAllowed: true, request: (t, n) => ({ username: `matrix-m${n}`, password: PASSWORD, name: `Matrix ${n}`, parent_id: t.id }) },
  'provider_service/add_agent': { kind: 'create', targetIs: { user_type: 1 }, ownAllowed: true, request: (t, n) => ({ username: `matrix-a${n}`, password: PASSWORD, name: `Matrix ${n}`, parent_id: t.id }) },
  'provider_service/add': { kind: 'role', request: (_, n) => ({ username: `matrix-p${n}`, password: PASSWORD, name: `Matrix ${n}` }) },
  'platform/exchange': { kind: 'role', request: () => ({ quota: 'digital_voice_count', yuan: 1 }) },
  // Its figures per reach are checked in dashboard.spec.ts.
  // The relation tree: a node's children, and a search that must find nothing outside the caller's branch.
  'provider_service/tree_children': { kind: 'get', request: (t) => ({ parent_id: t.id }) },
  'provider_service/tree_search': { kind: 'get', request: (t) => ({ keyword: t.username }), refusedWhen: (data) => (data as { list: unknown[] }).list.length === 0 },
  // Packages belong to the platform: the role list is the whole rule.
  'recharge_package/list': { kind: 'role' },
  'recharge_package/on_sale': { kind: 'role' },
  'recharge_package/detail': { kind: 'role', request: () => ({ id: packageId }) },
  'recharge_package/add': { kind: 'role', request: (_, n) => ({ name: `Matrix ${n}`, price: '1.00', money: '1.00' }) },
  'recharge_package/edit': { kind: 'role', request: () => ({ id: packageId, remark: 'matrix' }) },
  'recharge_package/del': { kind: 'role', request: async () => ({ ids: [await sparePackage()] }) },
  // Orders are their buyer's (partners only): "scope": "own" leaves a partner its own, an admin all.
  'recharge_order/list': { kind: 'list' },
  'recharge_order/detail': { kind: 'get', targetIs: { user_type: 1 }, record: openOrder },
  'recharge_order/cancel': { kind: 'write', targetIs: { user_type: 1 }, record: openOrder, request: (order) => ({ id: order.id }) },
  'recharge_order/confirm_paid': { kind: 'write', targetIs: { user_type: 1 }, record: openOrder, request: (order) => ({ id: order.id, payment_ref: 'MATRIX' }) },
  // Cards are their holder's: an admin issues them and passes them down to child partners.
  'recharge_card/card_list': { kind: 'list' },
  'recharge_card/can_operate_card_list': { kind: 'list' },
  'recharge_card/add': { kind: 'role', request: () => ({ name: 'Matrix', kind: 'money', amount: '1.00', quantity: 1 }) },
  'recharge_card/export_data': { kind: 'export' },
  'recharge_card/use_card': { kind: 'role', request: async () => ({ card_password: await spareCardPassword() }) },
  'recharge_card/edit_card': { kind: 'write', holderOnly: true, targetIs: { user_type: 1 }, record: heldCard, request: (card) => ({ id: card.id, name: 'Renamed' }) },
  'recharge_card/remark_card': { kind: 'write', holderOnly: true, targetIs: { user_type: 1 }, record: heldCard, request: (card) => ({ id: card.id, remark: 'matrix' }) },
  'recharge_card/batch_del': { kind: 'write', holderOnly: true, targetIs: { user_type: 1 }, record: heldCard, request: (card) => ({ ids: [card.id] }) },
  'recharge_card/transfer_card': { kind: 'write', reach: 'child', targetIs: { user_type: 1 }, request: (t) => ({ to_user_id: t.id, batch_no: cardBatch, quantity: 1 }) },
  'recharge_order/create': { kind: 'create', targetIs: { user_type: 1 }, ownAllowed: true, request: (buyer) => ({ package_id: packageId, user_id: buyer.id }) },
  'platform/register': {
    kind: 'open',
    targetIs: { user_type: 1 },
    request: async (partner, n) => ({ invite_code: `INV-${partner.username}`, username: `matrix-r${n}`, password: 'Matrix pass 9', domain: 'matrix.example.com', ...(await solvedCaptcha()) }),
  },
}

/** A captcha whose answer the test chose: it writes the answer's hash over the one drawn, as anyone with the database could. */
async function solvedCaptcha(): Promise<{ captcha_id: string; captcha: string }> {
  const res = await server.call<{ captcha_id: string }>('GET', '/platform/captcha_image')
  const id = res.body.data.captcha_id
  await server.services.db.updateTable('captcha_challenge').set({ answer_hash: hashCaptchaAnswer(id, 'MTRX') }).where('challenge', '=', id).execute()
  return { captcha_id: id, captcha: 'MTRX' }
}

let packageId = 0
let cardBatch = ''
let clip: Buffer
/** A material of each partner and merchant, by username, for the tasks they submit. */
const materials: Record<string, number> = {}

async function upload(token: string): Promise<{ status: number; code: number }> {
  const res = await server.upload('/material/upload', { file: ['matrix.mp4', clip] }, { token })
  return { status: res.status, code: res.body.code }
}

/**
 * A direct upload's registration, on local storage where no browser can send a file to the store:
 * a role that may call it is answered that its own key holds no file (the handler's own rule), one
 * that may not is refused before that.
 */
async function register(token: string, caller: Account): Promise<{ status: number; code: number }> {
  const res = await server.call<{ errors?: { path: string }[] }>('POST', '/material/register', { token, body: { key: `materials/${caller.id}/2026-11/${'0'.repeat(32)}.mp4` } })
  const reached = res.status === 200 && res.body.data?.errors?.[0]?.path === '/key'
  return { status: res.status, code: reached ? 1 : res.body.code }
}

/** The event stream, left as soon as its answer starts: only whether it was answered counts here (task-workers.spec.ts reads it). */
async function events(token: string, path = '/api/v1/task/events'): Promise<{ status: number; code: number }> {
  const res = await callStream(server.app, path, { headers: { platform: 'pc', token } })
  return { status: res.statusCode, code: res.statusCode === 200 && res.headers['content-type']!.startsWith('text/event-stream') ? 1 : 0 }
}

/** An unused card the owner holds, passed down to it by the admin just now. */
async function heldCard(owner: Account): Promise<number> {
  const card = await server.services.db.selectFrom('recharge_card').select('id').where('batch_no', '=', cardBatch).where('holder_id', '=', callers.admin!.account.id).where('status', '=', 0).orderBy('id').executeTakeFirstOrThrow()
  if (owner.id !== callers.admin!.account.id) await ok('/recharge_card/transfer_card', 'admin', { to_user_id: owner.id, id: Number(card.id) })
  return Number(card.id)
}

/** The password of a card no one has redeemed, from a batch of one issued for it. */
async function spareCardPassword(): Promise<string> {
  const res = await server.call<{ batch_no: string }>('POST', '/recharge_card/add', { token: callers.admin!.token, body: { name: 'Spare', kind: 'money', amount: '1.00', quantity: 1 } })
  const card = await server.services.db.selectFrom('recharge_card').select('card_password').where('batch_no', '=', res.body.data.batch_no).executeTakeFirstOrThrow()
  return String(card.card_password)
}
/** A package no order names, so deleting it is only a question of who asks. */
async function sparePackage(): Promise<number> {
  const res = await server.call<{ id: number }>('POST', '/recharge_package/add', { token: callers.admin!.token, body: { name: `Spare ${++n}`, price: '1.00', money: '1.00' } })
  return res.body.data.id
}

let server: TestServer
const callers: Record<string, { token: string; role: Role; account: Account }> = {}
let n = 0

beforeAll(async () => {
  // Every caller registers a few merchants from one address; the limit has a test of its own.
  server = await startTestServer({ config: { registerRateLimit: { perAddress: 1000, windowMs: 60_000 } } })
  const tree = [
    ['admin', 'admin'], ['p', 'partner', 'admin'], ['p-shop', 'merchant', 'p'], ['p-sales', 'agent', 'p'],
    ['q', 'partner', 'admin'], ['q-shop', 'merchant', 'q'], ['q-sales', 'agent', 'q'],
  ] as const
  for (const [username, role, parent] of tree) {
    const { token } = await server.account(username, role, parent)
    callers[username] = { token, role, account: await account(username) }
  }
  // Each partner's service prefix number is its invitation code.
  for (const partner of ['p', 'q']) await server.services.db.updateTable('account').set({ service_prefix_no: `INV-${partner}` }).where('username', '=', partner).execute()
  for (const partner of ['p', 'q']) callers[partner]!.account = await account(partner)
  packageId = (await server.call<{ id: number }>('POST', '/recharge_package/add', { token: callers.admin!.token, body: { name: 'Matrix pack', price: '10.00', money: '10.00' } })).body.data.id
  // Rows in every ledger and log, on both sides of the tree; the admin holds a balance to transfer from.
  await server.services.db.transaction().execute((trx) => changeMoney(trx, server.services, { userId: callers.admin!.account.id, type: 'adjust', amount: 100_00, operatorId: null, remark: 'matrix' }))
  await server.call('POST', '/platform/set_config', { token: callers.admin!.token, body: { group: 'platform', values: { money_recharge_exchange_config: '3', digital_voice_money_exchange_num: 2 } } })
  for (const [partner, shop] of [['p', 'p-shop'], ['q', 'q-shop']] as const) {
    await ok('/provider_service/edit_account', 'admin', { id: callers[partner]!.account.id, amount: '100.00', remark: 'start' })
    await ok('/platform/transfer', partner, { to_user_id: callers[shop]!.account.id, kind: 'money', amount: '10' })
    await ok('/platform/exchange', partner, { quota: 'digital_voice_count', yuan: 1 })
    await ok('/platform/exchange', shop, { quota: 'digital_voice_count', yuan: 1 })
    await ok('/platform/overstep_login', partner, { merchant_id: callers[shop]!.account.id })
    await ok('/recharge_order/create', partner, { package_id: packageId })
  }
  // An AI writer (a contract server) and an assistant for the AI tool's probes.
  chatContract = await startChatContract()
  await ok('/platform/set_config', 'admin', { group: 'providers', values: { chat: 'openai-compatible', chat_base_url: chatContract.url, chat_api_key: chatContract.apiKey, chat_model: 'contract-chat' } })
  // Links are made for platforms the site has set up; making one calls no platform.
  await ok('/platform/set_config', 'admin', { group: 'publishing', values: { douyin_client_key: 'matrix-key', douyin_client_secret: 'matrix-secret' } })
  assistantId = await spareAssistant()
  // Avatar quotas for the clone probes, put in place as the ledger writes them.
  for (const who of ['p', 'p-shop', 'q', 'q-shop']) {
    for (const quota of ['digital_man_count', 'digital_man_advanced_count'] as const) {
      await server.services.db.transaction().execute((trx) => changeQuota(trx, server.services, quota, { userId: callers[who]!.account.id, type: 'adjust', amount: 5, operatorId: null, remark: 'matrix' }))
    }
  }
  // A batch the admin holds, some of it passed down to each partner.
  cardBatch = (await server.call<{ batch_no: string }>('POST', '/recharge_card/add', { token: callers.admin!.token, body: { name: 'Matrix cards', kind: 'money', amount: '5.00', quantity: 200 } })).body.data.batch_no
  for (const partner of ['p', 'q']) await ok('/recharge_card/transfer_card', 'admin', { to_user_id: callers[partner]!.account.id, batch_no: cardBatch, quantity: 3 })
  // Materials, folders, works and tasks on both sides of the tree, for the lists to show and hide.
  const dir = mkdtempSync(join(tmpdir(), 'matrix-media-'))
  await makeTestVideo(join(dir, 'matrix.mp4'), { seconds: 1, width: 64, height: 48 })
  clip = readFileSync(join(dir, 'matrix.mp4'))
  rmSync(dir, { recursive: true, force: true })
  for (const owner of ['p', 'p-shop', 'q', 'q-shop']) {
    const account = callers[owner]!.account
    materials[owner] = await ownMaterial(account)
    await ownFolder(account)
    await ownWork(account)
    await queuedTask(account)
  }
}, 120_000)
afterAll(async () => {
  await server.close()
  await chatContract.close()
})

async function ok(path: string, who: string, body: unknown): Promise<void> {
  const res = await server.call('POST', path, { token: callers[who]!.token, body })
  if (res.body.code !== 1) throw new Error(`${path} as ${who}: ${res.body.msg}`)
}

async function account(username: string): Promise<Account> {
  return (await server.services.db.selectFrom('account').select(['id', 'username', 'name', 'user_type', 'parent_id', 'path']).where('username', '=', username).executeTakeFirstOrThrow()) as Account
}

/** The accounts the matrix started with (targets), or with those it created since (what lists must show). */
async function allAccounts(withCreated = false): Promise<Account[]> {
  let query = server.services.db.selectFrom('account').select(['id', 'username', 'name', 'user_type', 'parent_id', 'path'])
  if (!withCreated) query = query.where('username', 'not like', 'matrix-%')
  return (await query.execute()) as Account[]
}

/** Accounts in each relation to the caller: itself, strictly below it, and another partner's branch. */
function relations(caller: Account, accounts: Account[]): Record<Relation, Account[]> {
  const other = callers.q!.account
  const below = accounts.filter((a) => a.id !== caller.id && a.path.startsWith(caller.path))
  return {
    own: [caller],
    below,
    other: caller.path.startsWith(other.path) || other.path.startsWith(caller.path) ? [] : accounts.filter((a) => a.path.startsWith(other.path)),
  }
}

function roleAllowed(endpoint: EndpointDef, role: Role): boolean {
  return endpoint.access !== 'open' && endpoint.access.some((r) => r === '*' || r === role)
}

/** DESIGN §4 for one call: the role list first, then the hierarchy. */
function expectedAllowed(endpoint: EndpointDef, probe: Probe, caller: Account, role: Role, relation: Relation, target: Account): boolean {
  if (!roleAllowed(endpoint, role)) return false
  if (relation === 'other') return false
  if (probe.reach === 'child') return target.parent_id === caller.id
  if (probe.holderOnly) return relation === 'own'
  if (relation === 'own') return probe.kind === 'create' ? Boolean(probe.ownAllowed) : endpoint.scope !== 'below'
  // Below the caller: every record but under "scope": "own", where only an admin reaches others' records.
  return endpoint.scope !== 'own' || role === 'admin'
}

/**
 * An endpoint's probe: its line in PROBES, or, for a GET of a named handler that needs nothing in
 * its query (a list a widget reads, a status), the role probe every such call takes: each role the
 * file names is answered, every other refused. Any other endpoint under COVERED needs a line in
 * PROBES, of the kind (described on Probe) that says what its callers may reach.
 */
function probeOf(endpoint: EndpointDef): Probe | undefined {
  const declared = PROBES[endpoint.id]
  if (declared) return declared
  const needsQuery = ((endpoint.request.query?.required as string[] | undefined) ?? []).length > 0
  if (endpoint.method === 'GET' && !isGeneric(endpoint.handler) && !endpoint.download && !needsQuery) return { kind: 'role' }
  return undefined
}

const endpointsUnderTest = () => [...server.services.registry.endpoints.values()].filter((e) => COVERED.some((prefix) => e.path === prefix || e.path.startsWith(`${prefix}/`) || e.path.startsWith(`${prefix}_`)))

describe('authorization matrix: every endpoint of the promotion hierarchy × role × (own, below, another partner)', () => {
  it('has a probe for every endpoint it covers, so a new one cannot slip past', () => {
    const missing = endpointsUnderTest().filter((e) => !probeOf(e)).map((e) => e.id)
    expect(missing, 'each needs a line in PROBES, of the kind (see Probe) that says what its callers may reach').toEqual([])
    expect(Object.keys(PROBES).filter((id) => !server.services.registry.endpoints.has(id))).toEqual([])
  })

  for (const callerName of ['admin', 'p', 'p-shop', 'p-sales']) {
    it(`answers ${callerName} as DESIGN §4 says, and leaks nothing`, async () => {
      const { token, role, account: caller } = callers[callerName]!
      const accounts = await allAccounts()
      const sets = relations(caller, accounts)
      const cells: string[] = []
      for (const endpoint of endpointsUnderTest()) {
        const probe = probeOf(endpoint)!
        if (probe.kind === 'list') {
          cells.push(await checkList(endpoint, token, role, caller, relations(caller, await allAccounts(true))))
          continue
        }
        if (probe.kind === 'export') {
          cells.push(await checkExport(endpoint, token, role, relations(caller, await allAccounts(true))))
          continue
        }
        if (probe.kind === 'open') {
          for (const relation of ['own', 'below', 'other'] as const) {
            const target = pickTarget(endpoint, probe, caller, sets[relation])
            if (!target) continue
            cells.push(`${endpoint.id} for ${relation} ${target.username}: lands there`)
            await checkOpen(endpoint, probe, token, caller, target, relation)
          }
          continue
        }
        if (probe.kind === 'role') {
          const request = (await probe.request?.(caller, ++n)) ?? {}
          const res = probe.send
            ? await probe.send(token, caller)
            : await server.call(endpoint.method, endpoint.path, { token, ...(endpoint.method === 'POST' ? { body: request } : { query: request }) }).then((r) => ({ status: r.status, code: r.body.code, msg: r.body.msg }))
          const refused = res.status === 403
          // An open call (a transition's preview) answers every role alike.
          const allowed = endpoint.access === 'open' || roleAllowed(endpoint, role)
          expect({ endpoint: endpoint.id, refused }).toEqual({ endpoint: endpoint.id, refused: !allowed })
          if (allowed) expect({ endpoint: endpoint.id, code: res.code }).toEqual({ endpoint: endpoint.id, code: 1 })
          cells.push(`${endpoint.id}: ${refused ? 'refused' : 'allowed'}`)
          continue
        }
        for (const relation of ['own', 'below', 'other'] as const) {
          const target = pickTarget(endpoint, probe, caller, sets[relation])
          if (!target) continue
          const allowed = expectedAllowed(endpoint, probe, caller, role, relation, target)
          cells.push(`${endpoint.id} on ${relation} ${target.username}: ${allowed ? 'allowed' : 'refused'}`)
          await checkCall(endpoint, probe, token, target, allowed, relation)
        }
      }
      // The matrix did run its cells: each caller has at least one call of every kind.
      expect(cells.length).toBeGreaterThan(endpointsUnderTest().length)
    })
  }
})

/** A target of the endpoint's kind in one relation; direct children first, as they are what a child-only handler reaches. */
function pickTarget(endpoint: EndpointDef, probe: Probe, caller: Account, candidates: Account[]): Account | undefined {
  const wanted = { ...endpoint.fixed, ...probe.targetIs } as Record<string, unknown>
  const matching = candidates.filter((a) => Object.entries(wanted).every(([field, value]) => (a as unknown as Record<string, unknown>)[field] === value))
  return matching.find((a) => a.parent_id === caller.id) ?? matching[0]
}

async function checkCall(endpoint: EndpointDef, probe: Probe, token: string, target: Account, allowed: boolean, relation: Relation): Promise<void> {
  const recordId = probe.record ? await probe.record(target) : undefined
  const subject = recordId === undefined ? target : { ...target, id: recordId }
  const before = await snapshot()
  const request = probe.request ? await probe.request(subject, ++n) : { id: subject.id }
  const res = probe.call ? await probe.call(token, request) : endpoint.method === 'GET' ? await server.call('GET', endpoint.path, { token, query: request }) : await server.call('POST', endpoint.path, { token, body: request })
  const cell = { endpoint: endpoint.id, relation, target: target.username }
  if (probe.refusedWhen && res.status === 200 && res.body.code === 1) {
    expect({ ...cell, refused: probe.refusedWhen(res.body.data) }).toEqual({ ...cell, refused: !allowed })
  } else {
    expect({ ...cell, code: res.body.code }).toEqual({ ...cell, code: allowed ? 1 : 0 })
  }
  if (allowed) {
    if (probe.kind === 'get' && !probe.request) expect((res.body.data as { id: number }).id).toBe(subject.id)
    return
  }
  // Refused: nothing changed anywhere, and nothing about the record came back.
  expect({ ...cell, unchanged: await snapshot() }).toEqual({ ...cell, unchanged: before })
  const text = JSON.stringify(res.body.data ?? null) + String(res.body.msg)
  if (relation === 'other') expect({ ...cell, leaked: text.includes(target.username) || text.includes(target.name) }).toEqual({ ...cell, leaked: false })
}

/**
 * An open call made by a signed-in caller does what it does for anyone: the new account lands
 * under the account its request names, whoever the caller is, and the caller's own account,
 * like every other one, is left as it was.
 */
async function checkOpen(endpoint: EndpointDef, probe: Probe, token: string, caller: Account, target: Account, relation: Relation): Promise<void> {
  const before = await snapshot()
  const request = await probe.request!(target, ++n)
  const res = await server.call<{ userinfo: { id: number } }>('POST', endpoint.path, { token, body: request })
  const cell = { endpoint: endpoint.id, caller: caller.username, relation, target: target.username }
  expect({ ...cell, code: res.body.code, msg: res.body.msg }).toEqual({ ...cell, code: 1, msg: 'ok' })
  const created = (await server.services.db.selectFrom('account').select(['parent_id', 'path', 'user_type']).where('id', '=', res.body.data.userinfo.id).executeTakeFirstOrThrow()) as Pick<Account, 'parent_id' | 'path' | 'user_type'>
  expect({ ...cell, parent: created.parent_id, under: created.path.startsWith(target.path), user_type: created.user_type }).toEqual({ ...cell, parent: target.id, under: true, user_type: 2 })
  const after = (await snapshot()) as { accounts: unknown }
  expect({ ...cell, accounts: after.accounts }).toEqual({ ...cell, accounts: (before as { accounts: unknown }).accounts })
}

/** A list shows exactly the records DESIGN §4 puts in reach: counted independently from the database. */
async function checkList(endpoint: EndpointDef, token: string, role: Role, caller: Account, sets: Record<Relation, Account[]>): Promise<string> {
  const res = await server.call<{ data: Record<string, unknown>[]; total: number }>('GET', endpoint.path, { token, query: { limit: 100 } })
  if (!roleAllowed(endpoint, role)) {
    expect({ endpoint: endpoint.id, status: res.status, code: res.body.code }).toEqual({ endpoint: endpoint.id, status: 403, code: 0 })
    return `${endpoint.id}: refused`
  }
  expect({ endpoint: endpoint.id, code: res.body.code }).toEqual({ endpoint: endpoint.id, code: 1 })
  const entity = server.services.registry.entities.get(endpoint.entity!)!
  const owner = entity.owner!
  const ownOnly = endpoint.mine || (endpoint.scope === 'own' && role !== 'admin')
  const inReach = new Set([...(endpoint.scope === 'below' ? [] : [caller.id]), ...(ownOnly ? [] : sets.below.map((a) => a.id))])
  if (endpoint.mine) inReach.add(caller.id)
  const others = new Set(sets.other.map((a) => a.id))
  let expected = asSchemaDb(server.services.db).selectFrom(entity.table).select(server.services.db.fn.countAll<number>().as('n')).where(owner, 'in', [...inReach, -1])
  for (const [field, value] of Object.entries(endpoint.fixed)) expected = expected.where(field, '=', value as never)
  const { n: count } = await expected.executeTakeFirstOrThrow()
  const owners = res.body.data.data.map((row) => Number(row[owner]))
  expect({ endpoint: endpoint.id, leaked: owners.filter((id) => others.has(id) || !inReach.has(id)) }).toEqual({ endpoint: endpoint.id, leaked: [] })
  expect({ endpoint: endpoint.id, total: res.body.data.total }).toEqual({ endpoint: endpoint.id, total: Number(count) })
  return `${endpoint.id}: ${owners.length} rows`
}

/** A download holds the rows its list shows the caller, no more: the same count, none of another partner's. */
async function checkExport(endpoint: EndpointDef, token: string, role: Role, sets: Record<Relation, Account[]>): Promise<string> {
  const res = await server.inject({ method: 'GET', url: `/api/v1${endpoint.path}?format=csv`, headers: { token } })
  if (!roleAllowed(endpoint, role)) {
    expect({ endpoint: endpoint.id, status: res.statusCode }).toEqual({ endpoint: endpoint.id, status: 403 })
    return `${endpoint.id}: refused`
  }
  const ids = res.body.replace(/^\uFEFF/, '').trim().split('\n').slice(1).map((line) => Number(line.split(',')[0]))
  const list = await server.call<{ total: number }>('GET', server.services.registry.endpoints.get(endpoint.exports!)!.path, { token, query: { limit: 1 } })
  const others = sets.other.map((a) => a.id)
  const entity = server.services.registry.entities.get(endpoint.entity!)!
  const leaked = others.length === 0 ? 0 : (await asSchemaDb(server.services.db).selectFrom(entity.table).select('id').where('id', 'in', [...ids, -1]).where(entity.owner!, 'in', others).execute()).length
  expect({ endpoint: endpoint.id, rows: ids.length, leaked }).toEqual({ endpoint: endpoint.id, rows: list.body.data.total, leaked: 0 })
  return `${endpoint.id}: ${ids.length} rows`
}

/** Every balance, flag, name and row count the calls above could touch. */
async function snapshot(): Promise<unknown> {
  const db = asSchemaDb(server.services.db)
  const accounts = await db.selectFrom('account').selectAll().where('username', 'not like', 'matrix-%').orderBy('id').execute()
  const counts: Record<string, number> = {}
  for (const table of ['user_money_log', 'user_quota_log', 'transfer_record', 'overstep_log', 'session', 'recharge_order', 'recharge_package', 'recharge_card', 'material', 'material_folder', 'work']) {
    const row = await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    counts[table] = Number(row.n)
  }
  const orders = await db.selectFrom('recharge_order').select(['id', 'status']).orderBy('id').execute()
  const cards = await db.selectFrom('recharge_card').select(['id', 'holder_id', 'status', 'name', 'remark']).orderBy('id').execute()
  const tasks = await db.selectFrom('task').select(['id', 'status', 'runs']).orderBy('id').execute()
  const content = await db.selectFrom('material').select(['id', 'tags', 'name']).orderBy('id').execute()
  return { tasks, content, accounts: accounts.map(({ updated_at: _, ...rest }) => rest), counts, orders, cards, created: (await db.selectFrom('account').select('id').where('username', 'like', 'matrix-%').execute()).length }
}
