import type { Label } from '../../schema/types'
import type { Services } from '../services'
import { localVoiceClone, localVoiceOf } from './voice-clone/local'
import type { VoiceCloneProvider } from './voice-clone/voice-clone-provider'
import { localSpeech } from './speech/local'
import type { SpeechProvider } from './speech/speech-provider'
import { localAvatarClone } from './avatar-clone/local'
import type { AvatarCloneProvider } from './avatar-clone/avatar-clone-provider'

/** A provider as the platform uses it: its name (kept on what it makes) and the provider itself. */
export interface Active<P> {
  name: string
  provider: P
}

/** The voice-clone provider new clones go to. */
export async function voiceCloneProvider(_services: Services): Promise<Active<VoiceCloneProvider>> {
  return { name: 'local', provider: localVoiceClone }
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
