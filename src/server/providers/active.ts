import type { Label } from '../../schema/types'
import type { Services } from '../services'
import type { Db } from '../db/connect'
import { localVoiceClone, localVoiceOf } from './voice-clone/local'
import { gptSovitsVoiceClone } from './voice-clone/gpt-sovits'
import { gptSovitsSpeech } from './speech/gpt-sovits'
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

/** A provider as the platform uses it: its name (kept on what it makes) and the provider itself. */
export interface Active<P> {
  name: string
  provider: P
}

/** How long a voice service may take to say one sentence, or to prepare a sample. */
const VOICE_TIMEOUT_MS = 120_000

/** The voice-clone provider new clones go to, or what stands in the way of using the one chosen. */
export async function voiceCloneProvider(services: Services, db: Db = services.db): Promise<Active<VoiceCloneProvider> | { name: string; notConfigured: Label }> {
  const settings = await readGroup(services, services.registry.configGroups.get('providers')!, db)
  if (settings.voice_clone === 'heygem') {
    const voice = heyGemVoiceSettings(settings, services)
    return 'notConfigured' in voice ? { name: 'heygem', notConfigured: voice.notConfigured } : { name: 'heygem', provider: heyGemVoiceClone(voice) }
  }
  if (settings.voice_clone !== 'gpt-sovits') return { name: 'local', provider: localVoiceClone }
  const gpt = gptSovitsSettings(settings)
  if ('notConfigured' in gpt) return { name: 'gpt-sovits', notConfigured: gpt.notConfigured }
  return { name: 'gpt-sovits', provider: gptSovitsVoiceClone(gpt) }
}

function heyGemVoiceSettings(settings: Record<string, unknown>, services: Services): HeyGemVoiceConfig | { notConfigured: Label } {
  const [baseUrl, sharedDir] = [settings.heygem_voice_url, settings.heygem_voice_shared_dir].map((v) => String(v ?? ''))
  if (!baseUrl || !sharedDir) {
    return { notConfigured: { 'zh-CN': '已选择 HeyGem 声音服务克隆声音，但其地址或数据目录尚未填写：请在“初始化配置”中补全。', 'en-US': "HeyGem's voice service is chosen for voice clones, but its address or folder is not filled in: complete them in Initial configuration." } }
  }
  return { baseUrl, sharedDir, timeoutMs: services.config.vendorTiming?.timeoutMs ?? VOICE_TIMEOUT_MS }
}

function gptSovitsSettings(settings: Record<string, unknown>): { baseUrl: string; sharedDir: string; containerDir: string } | { notConfigured: Label } {
  const [baseUrl, sharedDir, containerDir] = [settings.gpt_sovits_url, settings.gpt_sovits_shared_dir, settings.gpt_sovits_container_dir].map((v) => String(v ?? ''))
  if (!baseUrl || !sharedDir || !containerDir) {
    return { notConfigured: { 'zh-CN': '已选择 GPT-SoVITS 克隆声音，但其地址或共享目录尚未填写：请在“初始化配置”中补全。', 'en-US': 'GPT-SoVITS is chosen for voice clones, but its address or shared folder is not filled in: complete them in Initial configuration.' } }
  }
  return { baseUrl, sharedDir, containerDir }
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
    const [key, apiUrl, uploadUrl] = [settings.heygen_api_key, settings.heygen_api_url, settings.heygen_upload_url].map((v) => String(v ?? ''))
    if (!key || !apiUrl || !uploadUrl) {
      return { name: 'heygen', notConfigured: { 'zh-CN': '已选择 HeyGen 生成数字人视频，但其 API 密钥或地址尚未填写：请在“初始化配置”中补全。', 'en-US': 'HeyGen is chosen for digital-human videos, but its API key or address is not filled in: complete them in Initial configuration.' } }
    }
    return { name: 'heygen', provider: heyGenVideo({ apiKey: key, apiUrl, uploadUrl, ...HEYGEN_TIMING, ...services.config.vendorTiming }) }
  }
  if (settings.digital_human_video !== 'heygem') return { name: 'local', provider: localDigitalHumanVideo }
  const [url, shared, container] = [settings.heygem_url, settings.heygem_shared_dir, settings.heygem_container_dir].map((v) => String(v ?? ''))
  if (!url || !shared || !container) {
    return { name: 'heygem', notConfigured: { 'zh-CN': '已选择 HeyGem 生成数字人视频，但其地址或共享目录尚未填写：请在“初始化配置”中补全。', 'en-US': 'HeyGem is chosen for digital-human videos, but its address or shared folder is not filled in: complete them in Initial configuration.' } }
  }
  return { name: 'heygem', provider: heyGemVideo({ baseUrl: url, sharedDir: shared, containerDir: container, ...HEYGEM_TIMING, ...services.config.vendorTiming }) }
}

/** The avatar-clone provider new avatars go to. */
export async function avatarCloneProvider(_services: Services): Promise<Active<AvatarCloneProvider>> {
  return { name: 'local', provider: localAvatarClone }
}

/** How to speak with a voice a clone made: the provider that made it, whatever is active now. */
export async function speechForVoice(services: Services, voiceId: string, db: Db = services.db): Promise<{ provider: SpeechProvider; voice: string; pitch?: number } | { unknown: Label }> {
  const local = localVoiceOf(voiceId)
  if (local) return { provider: localSpeech, voice: local.voice, pitch: local.pitch }
  if (voiceId.startsWith('heygem:')) {
    const voice = heyGemVoiceSettings(await readGroup(services, services.registry.configGroups.get('providers')!, db), services)
    return 'notConfigured' in voice ? { unknown: voice.notConfigured } : { provider: heyGemSpeech(voice), voice: voiceId }
  }
  if (voiceId.startsWith('gpt-sovits:')) {
    const gpt = gptSovitsSettings(await readGroup(services, services.registry.configGroups.get('providers')!, db))
    if ('notConfigured' in gpt) return { unknown: gpt.notConfigured }
    return { provider: gptSovitsSpeech({ baseUrl: gpt.baseUrl, timeoutMs: services.config.vendorTiming?.timeoutMs ?? VOICE_TIMEOUT_MS }), voice: voiceId }
  }
  return { unknown: { 'zh-CN': `声音 ${voiceId} 的服务商未配置`, 'en-US': `The provider of voice ${voiceId} is not configured` } }
}
