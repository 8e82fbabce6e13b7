import type { Label } from '../../schema/types'
import type { Services } from '../services'
import type { Db } from '../db/connect'
import { localVoiceClone, localVoiceOf } from './voice-clone/local'
import type { VoiceCloneProvider } from './voice-clone/voice-clone-provider'
import { localSpeech } from './speech/local'
import type { SpeechProvider } from './speech/speech-provider'
import { localAvatarClone } from './avatar-clone/local'
import type { AvatarCloneProvider } from './avatar-clone/avatar-clone-provider'
import { readGroup } from '../settings/settings-store'
import { localDigitalHumanVideo } from './digital-human-video/local'
import { heyGemVideo } from './digital-human-video/heygem'
import type { DigitalHumanVideoProvider } from './digital-human-video/digital-human-video-provider'

/** A provider as the platform uses it: its name (kept on what it makes) and the provider itself. */
export interface Active<P> {
  name: string
  provider: P
}

/** The voice-clone provider new clones go to. */
export async function voiceCloneProvider(_services: Services): Promise<Active<VoiceCloneProvider>> {
  return { name: 'local', provider: localVoiceClone }
}

/** How long a HeyGem call may take, how often a running job is asked about, and how long a job may run. */
const HEYGEM_TIMING = { timeoutMs: 30_000, pollMs: 3_000, jobTimeoutMs: 60 * 60_000 }

/**
 * The digital-human video provider the admin chose in system initialisation (providers group),
 * or what stands in the way of using it: a chosen vendor not set up is said, never replaced by
 * the local one without a word.
 */
export async function digitalHumanVideoProvider(services: Services, db: Db = services.db): Promise<Active<DigitalHumanVideoProvider> | { notConfigured: Label }> {
  const settings = await readGroup(services, services.registry.configGroups.get('providers')!, db)
  if (settings.digital_human_video !== 'heygem') return { name: 'local', provider: localDigitalHumanVideo }
  const [url, shared, container] = [settings.heygem_url, settings.heygem_shared_dir, settings.heygem_container_dir].map((v) => String(v ?? ''))
  if (!url || !shared || !container) {
    return { notConfigured: { 'zh-CN': '已选择 HeyGem 生成数字人视频，但其地址或共享目录尚未填写：请在“初始化配置”中补全。', 'en-US': 'HeyGem is chosen for digital-human videos, but its address or shared folder is not filled in: complete them in Initial configuration.' } }
  }
  return { name: 'heygem', provider: heyGemVideo({ baseUrl: url, sharedDir: shared, containerDir: container, ...HEYGEM_TIMING, ...services.config.vendorTiming }) }
}

/** The avatar-clone provider new avatars go to. */
export async function avatarCloneProvider(_services: Services): Promise<Active<AvatarCloneProvider>> {
  return { name: 'local', provider: localAvatarClone }
}

/** How to speak with a voice a clone made: the provider that made it, whatever is active now. */
export function speechForVoice(_services: Services, voiceId: string): { provider: SpeechProvider; voice: string; pitch?: number } | { unknown: Label } {
  const local = localVoiceOf(voiceId)
  if (local) return { provider: localSpeech, voice: local.voice, pitch: local.pitch }
  return { unknown: { 'zh-CN': `声音 ${voiceId} 的服务商未配置`, 'en-US': `The provider of voice ${voiceId} is not configured` } }
}
