import type { Label } from '../../../schema/types'
import { runProcess } from '../../media/run-ffmpeg'
import { mediaCommands } from '../../media/tools'

/** A language espeak-ng speaks on this machine, in a voice of its own. */
export interface LocalVoice {
  /** What espeak-ng's -v takes: "cmn", "en-us". */
  id: string
  /** The language the console groups it under. */
  language: 'zh' | 'en'
  label: Label
}

/** A voice variant, added to any voice as "+id" ("en-us+f3"): who seems to speak. */
export interface LocalVariant {
  id: string
  gender: 'M' | 'F' | ''
  label: Label
}

export interface LocalVoices {
  voices: LocalVoice[]
  variants: LocalVariant[]
}

/** The languages the console's voice-overs speak, by espeak-ng's language code prefix. */
const LANGUAGES: { prefix: RegExp; language: LocalVoice['language'] }[] = [
  { prefix: /^(cmn|yue)(-|$)/, language: 'zh' },
  { prefix: /^en(-|$)/, language: 'en' },
]

/** Names of the voices in both languages; any other keeps espeak-ng's own English name. */
const NAMES: Record<string, { 'zh-CN': string; 'en-US': string }> = {
  cmn: { 'zh-CN': '普通话', 'en-US': 'Mandarin Chinese' },
  'cmn-latn-pinyin': { 'zh-CN': '普通话（拼音读法）', 'en-US': 'Mandarin Chinese, Latin read as Pinyin' },
  yue: { 'zh-CN': '粤语', 'en-US': 'Cantonese' },
  'yue-latn-jyutping': { 'zh-CN': '粤语（粤拼读法）', 'en-US': 'Cantonese, Latin read as Jyutping' },
  en: { 'zh-CN': '英语（英国）', 'en-US': 'English (Great Britain)' },
  'en-us': { 'zh-CN': '英语（美国）', 'en-US': 'English (America)' },
  'en-us-nyc': { 'zh-CN': '英语（纽约）', 'en-US': 'English (New York City)' },
  'en-gb-scotland': { 'zh-CN': '英语（苏格兰）', 'en-US': 'English (Scotland)' },
  'en-gb-x-rp': { 'zh-CN': '英语（标准英音）', 'en-US': 'English (Received Pronunciation)' },
  'en-gb-x-gbclan': { 'zh-CN': '英语（兰开夏）', 'en-US': 'English (Lancaster)' },
  'en-gb-x-gbcwmd': { 'zh-CN': '英语（西米德兰兹）', 'en-US': 'English (West Midlands)' },
  'en-029': { 'zh-CN': '英语（加勒比）', 'en-US': 'English (Caribbean)' },
}

/**
 * One line of `espeak-ng --voices`: priority, language, age/gender, name, file, other languages.
 * Voices whose file is an MBROLA one ("mb/…") need MBROLA's own data, which Debian's espeak-ng
 * does not bring, so they are left out.
 */
export function parseVoiceList(text: string): { language: string; gender: string; name: string; file: string }[] {
  return text
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells.length >= 5)
    .map(([, language, ageGender, name, file]) => ({ language: language!, gender: ageGender!.split('/')[1] ?? '', name: name!.replaceAll('_', ' '), file: file! }))
}

/** The voices and variants of `espeak-ng --voices` and `--voices=variant` output, for the languages the console speaks. */
export function localVoicesFrom(voiceList: string, variantList: string): LocalVoices {
  const voices: LocalVoice[] = []
  for (const voice of parseVoiceList(voiceList)) {
    if (voice.file.startsWith('mb/')) continue
    const id = voice.file.split('/').pop()!.toLowerCase()
    const language = LANGUAGES.find((l) => l.prefix.test(id))?.language
    if (!language || voices.some((v) => v.id === id)) continue
    const name = NAMES[id] ?? { 'zh-CN': voice.name, 'en-US': voice.name }
    voices.push({ id, language, label: { 'zh-CN': `${name['zh-CN']}（本地合成）`, 'en-US': `${name['en-US']} (local synthesis)` } })
  }
  const variants = parseVoiceList(variantList)
    .filter((v) => v.file.startsWith('!v/'))
    .map((v) => {
      const gender = v.gender === 'M' || v.gender === 'F' ? v.gender : ''
      const zh = gender === 'F' ? '女声' : gender === 'M' ? '男声' : '声线'
      return { id: v.file.slice(3), gender, label: { 'zh-CN': `${v.name}（${zh}）`, 'en-US': `${v.name}${gender ? ` (${gender === 'F' ? 'female' : 'male'})` : ''}` } } satisfies LocalVariant
    })
  return { voices, variants }
}

let known: Promise<LocalVoices> | undefined

/** The voices espeak-ng has on this machine, read once a process. */
export function localVoices(): Promise<LocalVoices> {
  known ??= Promise.all([
    runProcess(mediaCommands().espeak, ['--voices']),
    runProcess(mediaCommands().espeak, ['--voices=variant']),
  ]).then(
    ([voices, variants]) => localVoicesFrom(voices.stdout, variants.stdout),
    (error: unknown) => {
      known = undefined
      throw error
    },
  )
  return known
}

/** Whether espeak-ng here speaks `voice` ("cmn", "en-us+f3"): it says nothing of an unknown variant and would read in its default. */
export async function isLocalVoice(voice: string): Promise<boolean> {
  const [base, variant, more] = voice.split('+')
  if (more !== undefined) return false
  const { voices, variants } = await localVoices()
  // espeak-ng takes a language's short code too ("en" speaks as en-gb).
  const spoken = voices.some((v) => v.id === base!.toLowerCase()) || ['en', 'zh'].includes(base!)
  return spoken && (variant === undefined || variants.some((v) => v.id === variant))
}
