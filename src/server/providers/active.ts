import type { Label } from '../../schema/types'
import type { Avatar, VoiceClone } from '../../generated/types'
import type { Services } from '../services'
import type { Db } from '../db/connect'
import { localVoiceClone, localVoiceOf } from './voice-clone/local'
import { gptSovitsVoiceClone } from './voice-clone/gpt-sovits'
import { gptSovitsSpeech, gptSovitsVersion, needsWords } from './speech/gpt-sovits'
import { TaskFailure } from '../errors/task-failure'
import { withVendorSlot } from './vendor-slots'
import { heyGemVoiceClone } from './voice-clone/heygem'
import { heyGemSpeech, type HeyGemVoiceConfig } from './speech/heygem'
import type { VoiceCloneProvider } from './voice-clone/voice-clone-provider'
import { localSpeech } from './speech/local'
import type { SpeechProvider } from './speech/speech-provider'
import { localAvatarClone } from './avatar-clone/local'
import type { AvatarCloneProvider } from './avatar-clone/avatar-clone-provider'
import { readGroup } from '../settings/settings-store'
import { localDigitalHumanVideo } from './digital-human-video/local'
import { heyGemVideo } from './digital-human-video/heygem'
import { heyGenVideo } from './digital-human-video/heygen'
import type { DigitalHumanVideoProvider } from './digital-human-video/digital-human-video-provider'
import type { ChatProvider } from './chat/chat-provider'
import { openAiCompatibleChat } from './chat/openai-compatible'
import type { StockProvider } from './stock/stock-provider'
import { pexelsStock } from './stock/pexels'
import { pixabayStock } from './stock/pixabay'

/** A provider as the platform uses it: its name (kept on what it makes) and the provider itself. */
export interface Active<P, N extends string = string> {
  name: N
  provider: P
}

/** The names a voice-clone or avatar-clone provider is recorded under on what it made (their entities' enums). */
type VoiceCloneName = NonNullable<VoiceClone['provider']>
type AvatarName = Exclude<Avatar['provider'], '' | undefined>

/** How long a voice service may take to say one sentence, or to prepare a sample. */
const VOICE_TIMEOUT_MS = 120_000

/** The voice-clone provider new clones go to, or what stands in the way of using the one chosen. */
export async function voiceCloneProvider(services: Services, db: Db = services.db): Promise<Active<VoiceCloneProvider, VoiceCloneName> | { name: VoiceCloneName; notConfigured: Label }> {
  const settings = await readGroup(services, services.registry.configGroups.get('providers')!, db)
  if (settings.voice_clone === 'heygem') {
    const voice = heyGemVoiceSettings(settings, services)
    return 'notConfigured' in voice ? { name: 'heygem', notConfigured: voice.notConfigured } : { name: 'heygem', provider: oneSlotEach(services, 'heygem-voice', atOnce(settings, 'heygem_voice_at_once'), heyGemVoiceClone(voice), 'clone') }
  }
  if (settings.voice_clone !== 'gpt-sovits') return { name: 'local', provider: localVoiceClone }
  const gpt = gptSovitsSettings(settings, services)
  if ('notConfigured' in gpt) return { name: 'gpt-sovits', notConfigured: gpt.notConfigured }
  return { name: 'gpt-sovits', provider: gptSovitsVoiceClone(gpt) }
}

function heyGemVoiceSettings(settings: Record<string, unknown>, services: Services): HeyGemVoiceConfig | { notConfigured: Label } {
  const voice = filledIn(services, settings, ['heygem_voice_url', 'heygem_voice_shared_dir'], { 'zh-CN': '已选择 HeyGem 声音服务克隆声音', 'en-US': "HeyGem's voice service is chosen for voice clones" })
  if ('notConfigured' in voice) return voice
  return { baseUrl: voice.heygem_voice_url, sharedDir: voice.heygem_voice_shared_dir, timeoutMs: services.config.vendorTiming?.timeoutMs ?? VOICE_TIMEOUT_MS }
}

function gptSovitsSettings(settings: Record<string, unknown>, services: Services): { baseUrl: string; sharedDir: string; containerDir: string } | { notConfigured: Label } {
  const gpt = filledIn(services, settings, ['gpt_sovits_url', 'gpt_sovits_shared_dir', 'gpt_sovits_container_dir'], { 'zh-CN': '已选择 GPT-SoVITS 克隆声音', 'en-US': 'GPT-SoVITS is chosen for voice clones' })
  if ('notConfigured' in gpt) return gpt
  return { baseUrl: gpt.gpt_sovits_url, sharedDir: gpt.gpt_sovits_shared_dir, containerDir: gpt.gpt_sovits_container_dir }
}

/**
 * Which weights the GPT-SoVITS server that makes voices runs, and what that means for a voice, or
 * why it cannot be told: null when GPT-SoVITS is not the voice provider.
 */
export async function gptSovitsMode(services: Services, db: Db = services.db): Promise<{ ok: boolean; said: Label } | null> {
  const settings = await readGroup(services, services.registry.configGroups.get('providers')!, db)
  if (settings.voice_clone !== 'gpt-sovits') return null
  const gpt = gptSovitsSettings(settings, services)
  if ('notConfigured' in gpt) return null
  try {
    const version = await gptSovitsVersion({ baseUrl: gpt.baseUrl, timeoutMs: services.config.vendorTiming?.timeoutMs ?? 10_000 })
    if (!version) return { ok: true, said: { 'zh-CN': '无法判断其模型版本（v1/v2 可不带原话朗读参考录音，v3/v4 需要原话）', 'en-US': 'its weights\' version cannot be told (v1/v2 read a reference without its words, v3/v4 need them)' } }
    return needsWords(version)
      ? { ok: true, said: { 'zh-CN': `运行 ${version} 模型：每个声音以样本开头的原话朗读参考录音，没有原话的声音无法合成`, 'en-US': `runs ${version} weights: each voice reads its reference with the words the sample begins with; a voice without them cannot speak` } }
      : { ok: true, said: { 'zh-CN': `运行 ${version} 模型：有原话的声音连同原话朗读参考录音，没有原话的只沿用音色`, 'en-US': `runs ${version} weights: a voice with its sample's first words reads its reference with them; one without carries only the timbre` } }
  } catch (error) {
    return { ok: false, said: error instanceof TaskFailure ? error.reason : { 'zh-CN': String(error), 'en-US': String(error) } }
  }
}

/** A vendor's "at once" setting. */
function atOnce(settings: Record<string, unknown>, name: string): number {
  const value = Number(settings[name])
  return Number.isInteger(value) && value > 0 ? value : 1
}

/**
 * The provider with its `method` run in one of the vendor's slots (vendor-slots.ts): calls from
 * every worker wait their turn for a vendor that runs only so many at once.
 */
function oneSlotEach<P extends object, M extends keyof P & string>(services: Services, vendor: string, limit: number, provider: P, method: M): P {
  const call = provider[method] as unknown as ((params: { signal?: AbortSignal }) => Promise<unknown>) | undefined
  if (!call) return provider
  return { ...provider, [method]: (params: { signal?: AbortSignal }) => withVendorSlot(services, vendor, limit, () => call.call(provider, params), params.signal) }
}

/**
 * The settings a chosen vendor needs, or what is missing, named by the settings' own labels:
 * "HeyGen is chosen for digital-human videos, but HeyGen API key is not filled in".
 */
function filledIn<K extends string>(services: Services, settings: Record<string, unknown>, names: readonly K[], chosen: Label): Record<K, string> | { notConfigured: Label } {
  const fields = services.registry.configGroups.get('providers')!.schema.properties as Record<string, { 'x-label': Label }>
  const values = Object.fromEntries(names.map((name) => [name, String(settings[name] ?? '')])) as Record<K, string>
  const missing = names.filter((name) => !values[name])
  if (missing.length === 0) return values
  const named = (locale: keyof Label, and: string) => missing.map((name) => fields[name]!['x-label'][locale]).join(and)
  return {
    notConfigured: {
      'zh-CN': `${chosen['zh-CN']}，但${named('zh-CN', '、')}尚未填写：请在“初始化配置”中补全。`,
      'en-US': `${chosen['en-US']}, but ${named('en-US', ', ')} ${missing.length > 1 ? 'are' : 'is'} not filled in: complete ${missing.length > 1 ? 'them' : 'it'} in Initial configuration.`,
    },
  }
}

/** How long a vendor's call may take, how often a running job is asked about, and how long a job may run. */
const HEYGEM_TIMING = { timeoutMs: 30_000, pollMs: 3_000, jobTimeoutMs: 60 * 60_000 }
/** Uploads of a few megabytes go to HeyGen's cloud, slower than a call on the same network. */
const HEYGEN_TIMING = { timeoutMs: 60_000, pollMs: 5_000, jobTimeoutMs: 60 * 60_000 }

/**
 * The digital-human video provider the admin chose in system initialisation (providers group),
 * or what stands in the way of using it: a chosen vendor not set up is said, never replaced by
 * the local one without a word.
 */
export async function digitalHumanVideoProvider(services: Services, db: Db = services.db): Promise<Active<DigitalHumanVideoProvider> | { name: string; notConfigured: Label }> {
  const settings = await readGroup(services, services.registry.configGroups.get('providers')!, db)
  if (settings.digital_human_video === 'heygen') {
    const heygen = filledIn(services, settings, ['heygen_api_key', 'heygen_api_url'], { 'zh-CN': '已选择 HeyGen 生成数字人视频', 'en-US': 'HeyGen is chosen for digital-human videos' })
    if ('notConfigured' in heygen) return { name: 'heygen', ...heygen }
    return { name: 'heygen', provider: oneSlotEach(services, 'heygen', atOnce(settings, 'heygen_at_once'), heyGenVideo({ apiKey: heygen.heygen_api_key, apiUrl: heygen.heygen_api_url, ...HEYGEN_TIMING, ...services.config.vendorTiming }), 'lipSync') }
  }
  if (settings.digital_human_video !== 'heygem') return { name: 'local', provider: localDigitalHumanVideo }
  const heygem = filledIn(services, settings, ['heygem_url', 'heygem_shared_dir', 'heygem_container_dir'], { 'zh-CN': '已选择 HeyGem 生成数字人视频', 'en-US': 'HeyGem is chosen for digital-human videos' })
  if ('notConfigured' in heygem) return { name: 'heygem', ...heygem }
  return { name: 'heygem', provider: oneSlotEach(services, 'heygem', atOnce(settings, 'heygem_at_once'), heyGemVideo({ baseUrl: heygem.heygem_url, sharedDir: heygem.heygem_shared_dir, containerDir: heygem.heygem_container_dir, ...HEYGEM_TIMING, ...services.config.vendorTiming }), 'lipSync') }
}

/** The avatar-clone provider new avatars go to. */
export async function avatarCloneProvider(_services: Services): Promise<Active<AvatarCloneProvider, AvatarName>> {
  return { name: 'local', provider: localAvatarClone }
}

/** How to speak with a voice a clone made: the provider that made it, whatever is active now, and the words of its reference where it kept them. */
export async function speechForVoice(services: Services, record: Readonly<Record<string, unknown>>, db: Db = services.db): Promise<{ provider: SpeechProvider; voice: string; pitch?: number; referenceText?: string } | { unknown: Label }> {
  const voiceId = String(record.voice_id)
  const local = localVoiceOf(voiceId)
  if (local) return { provider: localSpeech, voice: local.voice, pitch: local.pitch }
  const settings = await readGroup(services, services.registry.configGroups.get('providers')!, db)
  if (voiceId.startsWith('heygem:')) {
    const voice = heyGemVoiceSettings(settings, services)
    return 'notConfigured' in voice ? { unknown: voice.notConfigured } : { provider: oneSlotEach(services, 'heygem-voice', atOnce(settings, 'heygem_voice_at_once'), heyGemSpeech(voice), 'speak'), voice: voiceId }
  }
  if (voiceId.startsWith('gpt-sovits:')) {
    const gpt = gptSovitsSettings(settings, services)
    if ('notConfigured' in gpt) return { unknown: gpt.notConfigured }
    const referenceText = typeof record.reference_text === 'string' && record.reference_text !== '' ? record.reference_text : undefined
    const speech = gptSovitsSpeech({ baseUrl: gpt.baseUrl, timeoutMs: services.config.vendorTiming?.timeoutMs ?? VOICE_TIMEOUT_MS })
    return { provider: oneSlotEach(services, 'gpt-sovits', atOnce(settings, 'gpt_sovits_at_once'), speech, 'speak'), voice: voiceId, referenceText }
  }
  return { unknown: { 'zh-CN': `声音 ${voiceId} 的服务商未配置`, 'en-US': `The provider of voice ${voiceId} is not configured` } }
}

/** How long the AI writer may stay silent before its first word, or between two. */
const CHAT_SILENCE_MS = 60_000

/**
 * The AI writer (assistants, scripts, titles), or why there is none: with "none" chosen the
 * calls say so, and nothing writes in its place.
 */
export async function chatProvider(services: Services, db: Db = services.db): Promise<Active<ChatProvider> | { name: string; notConfigured: Label }> {
  const settings = await readGroup(services, services.registry.configGroups.get('providers')!, db)
  if (settings.chat !== 'openai-compatible') {
    return { name: 'none', notConfigured: { 'zh-CN': '尚未配置 AI 写作服务：请管理员在“初始化配置”的 AI 服务中选择一个 OpenAI 兼容接口。', 'en-US': 'No AI writer is set up: an administrator chooses an OpenAI-compatible API under AI providers in Initial configuration.' } }
  }
  const chat = filledIn(services, settings, ['chat_base_url', 'chat_model'], { 'zh-CN': '已选择 OpenAI 兼容接口写作', 'en-US': 'An OpenAI-compatible API is chosen as the AI writer' })
  if ('notConfigured' in chat) return { name: 'openai-compatible', ...chat }
  return {
    name: 'openai-compatible',
    provider: openAiCompatibleChat({ baseUrl: chat.chat_base_url, model: chat.chat_model, apiKey: String(settings.chat_api_key ?? ''), timeoutMs: services.config.vendorTiming?.timeoutMs ?? CHAT_SILENCE_MS }),
  }
}

/**
 * The stock-footage vendor a video from a topic searches when its library lacks a clip, or
 * why there is none ("none" chosen, or its key missing).
 */
export async function stockProvider(services: Services, db: Db = services.db): Promise<Active<StockProvider> | { name: string; notConfigured: Label }> {
  const settings = await readGroup(services, services.registry.configGroups.get('providers')!, db)
  const name = String(settings.stock ?? 'none')
  if (name !== 'pexels' && name !== 'pixabay') return { name: 'none', notConfigured: { 'zh-CN': '未配置视频素材服务', 'en-US': 'No stock footage vendor is set up' } }
  const apiKey = String(settings.stock_api_key ?? '')
  if (!apiKey) return { name, notConfigured: { 'zh-CN': `已选择 ${name}，但没有填写 API 密钥`, 'en-US': `${name} is chosen, but no API key is set` } }
  const baseUrl = String(settings.stock_base_url ?? '') || undefined
  const timeoutMs = services.config.vendorTiming?.timeoutMs
  return { name, provider: name === 'pexels' ? pexelsStock({ apiKey, baseUrl, timeoutMs }) : pixabayStock({ apiKey, baseUrl, timeoutMs }) }
}
