import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locale } from '../../schema/types'
import { asSchemaDb } from '../db/connect'
import { AppError, fieldError } from '../errors/AppError'
import { namedHandler, requireCaller, type RequestContext } from '../engine/handler-context'
import { findVisible } from '../engine/generic/record-scope'
import { runFfmpeg } from '../media/run-ffmpeg'
import { TaskFailure } from '../errors/task-failure'
import { avatarCloneProvider, chatProvider, digitalHumanVideoProvider, gptSovitsMode, speechForVoice, voiceCloneProvider, stockProvider } from '../providers/active'
import { localSpeech } from '../providers/speech/local'
import { isLocalVoice, localVoices } from '../providers/speech/local-voices'
import type { SpeechProvider } from '../providers/speech/speech-provider'
import { answerCache, workGate } from '../http/work-gate'
import { accountKey, limitedBy, unsignedSkipped } from '../rate-limit/limited-by'
import type { Services } from '../services'
import { readGroup } from '../settings/settings-store'

/**
 * Reachability asked of the vendors now, by the providers settings it was asked under: every
 * merchant's console asks on opening, and those asking while a check is under way share it, so
 * the vendors see one check at a time however many ask.
 */
const reachAsked = new WeakMap<Services, Map<string, Promise<unknown>>>()

async function sharedReach<T>(services: Services, ask: () => Promise<T>): Promise<T> {
  const settings = JSON.stringify(await readGroup(services, services.registry.configGroups.get('providers')!))
  const asked = reachAsked.get(services) ?? new Map<string, Promise<unknown>>()
  reachAsked.set(services, asked)
  const running = asked.get(settings)
  if (running) return running as Promise<T>
  const answer = ask().finally(() => asked.delete(settings))
  asked.set(settings, answer)
  return answer
}

/**
 * A voice says a sentence, now, as MP3: for the "try it" box beside a voice. Made in a folder
 * of its own that goes with the answer; nothing is kept.
 */
const speak = namedHandler(['voice_clone/speak'], {
  preHandlers: (app, services) => [
    limitedBy([app.createRateLimit({ max: services.config.speakLimit.perAccount, timeWindow: services.config.speakLimit.windowMs, keyGenerator: accountKey('speak-account'), allowList: unsignedSkipped })]),
  ],
  async run(ctx) {
    requireCaller(ctx)
    const { services } = ctx
    const locale = ctx.query.lang ?? ctx.locale
    const speech = ctx.query.id === undefined ? await localVoiceAsked(ctx.query, locale) : await cloneAsked(ctx, ctx.query.id, locale)
    const { name, notReady } = speech
    const { cache, gate } = previewsOf(services)
    const key = JSON.stringify([speech.key, speech.voice, speech.pitch ?? null, speech.speed ?? null, speech.referenceText ?? null, ctx.query.text])
    const audio =
      cache.get(key) ??
      (await gate.run(async () => {
        const dir = await mkdtemp(join(tmpdir(), 'speak-'))
        try {
          const wav = join(dir, 'speech.wav')
          const mp3 = join(dir, 'speech.mp3')
          try {
            await speech.provider.speak({ text: ctx.query.text, voice: speech.voice, pitch: speech.pitch, speed: speech.speed, referenceText: speech.referenceText, output: wav })
          } catch (error) {
            // A vendor's refusal or fault, said as the voice's: the person can act on it, as a task's failure reason.
            if (error instanceof TaskFailure) throw notReady(error.reason)
            throw error
          }
          await runFfmpeg(['-i', wav, '-codec:a', 'libmp3lame', '-b:a', '64k', mp3])
          const made = await readFile(mp3)
          cache.set(key, made)
          return made
        } finally {
          await rm(dir, { recursive: true, force: true })
        }
      }))
    ctx.reply.header('content-type', 'audio/mpeg').header('cache-control', 'no-store')
    return audio
  },
})

type Reason = { 'zh-CN': string; 'en-US': string }
type AskedSpeech = { provider: SpeechProvider; voice: string; pitch?: number; speed?: number; referenceText?: string; key: string; name: string; notReady: (reason: Reason) => AppError }

/** A cloned voice of the caller's, as the speech provider it belongs to says it. */
async function cloneAsked(ctx: RequestContext, id: number, locale: Locale): Promise<AskedSpeech> {
  const entity = ctx.services.registry.entities.get('voice_clone')!
  const voice = await findVisible(ctx, asSchemaDb(ctx.services.db), entity, id)
  const name = String(voice.name)
  const notReady = (reason: Reason) => new AppError('VOICE_NOT_READY', { name, reason: reason[locale] })
  if (voice.status !== 'succeeded' || !voice.voice_id) throw notReady({ 'zh-CN': '克隆未成功，没有可用的声音', 'en-US': 'its clone did not succeed, so there is no voice' })
  const speech = await speechForVoice(ctx.services, voice)
  if ('unknown' in speech) throw notReady(speech.unknown)
  return { ...speech, key: String(voice.voice_id), name, notReady }
}

/** One of espeak-ng's voices here, at the speed and pitch asked for. */
async function localVoiceAsked(query: { voice?: string; speed?: number; pitch?: number }, locale: Locale): Promise<AskedSpeech> {
  if (!query.voice) throw fieldError('VALIDATION_FAILED', '/id', locale, { first: locale === 'zh-CN' ? '请给出克隆声音（id）或本地声音（voice）' : 'Give a cloned voice (id) or a local voice (voice)' })
  const name = query.voice
  const notReady = (reason: Reason) => new AppError('VOICE_NOT_READY', { name, reason: reason[locale] })
  if (!(await isLocalVoice(query.voice))) throw notReady({ 'zh-CN': '本机没有这个声音', 'en-US': 'this machine has no such voice' })
  return { provider: localSpeech, voice: query.voice, speed: query.speed, pitch: query.pitch, key: `local:${query.voice}`, name, notReady }
}

/** Every voice a voice field offers: the local ones for the languages spoken here, their variants, and the caller's clones that succeeded. */
const voices = namedHandler(['voice_clone/voices'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const { services, locale } = ctx
    const { voices: local, variants } = await localVoices()
    const entity = services.registry.entities.get('voice_clone')!
    const clones = await asSchemaDb(services.db).selectFrom(entity.table).select(['id', 'name', 'provider']).where(entity.owner!, '=', caller.id).where('status', '=', 'succeeded').orderBy('id', 'desc').execute()
    return {
      local: local.map((v) => ({ id: v.id, language: v.language, label: v.label[locale] })),
      variants: variants.map((v) => ({ id: v.id, gender: v.gender, label: v.label[locale] })),
      clones: clones.map((c) => ({ id: `clone:${Number(c.id)}`, voice_clone_id: Number(c.id), label: String(c.name), provider: String(c.provider ?? '') })),
    }
  },
})

/** Previews made in this process: a sentence asked for again comes from the cache; new ones wait for a free slot. */
const previews = new WeakMap<Services, { cache: ReturnType<typeof answerCache>; gate: ReturnType<typeof workGate> }>()

function previewsOf(services: Services) {
  let kept = previews.get(services)
  if (!kept) previews.set(services, (kept = { cache: answerCache(200, 16 * 1024 * 1024), gate: workGate(() => services.config.speakLimit.atOnce, 8) }))
  return kept
}

const CLONED_SPEECH: Record<Locale, (stock: string, cloned: string) => string> = {
  'zh-CN': (stock, cloned) => `默认声音：${stock}；新克隆的声音：${cloned}`,
  'en-US': (stock, cloned) => `Stock voices: ${stock}; new cloned voices: ${cloned}`,
}

/** The provider of each capability, what it really does, and whether it can work now. */
const providerStatus = namedHandler(['provider/status'], {
  async run(ctx) {
    const { services, locale } = ctx
    const video = await digitalHumanVideoProvider(services)
    const [voice, avatar] = [await voiceCloneProvider(services), await avatarCloneProvider(services)]
    const notReady = (capability: string, name: string, problem: string) => ({ capability, name, describe: '', ready: false, problem })
    const writer = await chatProvider(services)
    const stock = await stockProvider(services)
    const [reach, writerReach, gptMode] = await sharedReach(services, () =>
      Promise.all(['notConfigured' in video ? undefined : video.provider.reachable(), 'notConfigured' in writer ? undefined : writer.provider.reachable(), gptSovitsMode(services)]),
    )
    return {
      providers: [
        'notConfigured' in voice
          ? notReady('voice-clone', voice.name, voice.notConfigured[locale])
          : // GPT-SoVITS says which weights it runs, as that decides whether a voice needs its sample's words.
            { capability: 'voice-clone', name: voice.name, describe: gptMode ? `${voice.provider.describe[locale]}${locale === 'zh-CN' ? '；' : '; '}${gptMode.said[locale]}` : voice.provider.describe[locale], ready: gptMode?.ok ?? true, problem: gptMode && !gptMode.ok ? gptMode.said[locale] : null },
        // The stock voices are always espeak-ng's; new clones speak through the vendor that makes them.
        'provider' in voice && voice.provider.clones
          ? { capability: 'speech', name: voice.name, describe: CLONED_SPEECH[locale](localSpeech.describe[locale], voice.provider.describe[locale]), ready: true, problem: null }
          : { capability: 'speech', name: 'local', describe: localSpeech.describe[locale], ready: true, problem: null },
        { capability: 'avatar-clone', name: avatar.name, describe: avatar.provider.describe[locale], ready: true, problem: null },
        'notConfigured' in video
          ? notReady('digital-human-video', video.name, video.notConfigured[locale])
          : { capability: 'digital-human-video', name: video.name, describe: video.provider.describe[locale], ready: reach!.ok, problem: reach!.ok ? null : reach!.reason[locale] },
        'notConfigured' in writer
          ? notReady('chat', writer.name, writer.notConfigured[locale])
          : { capability: 'chat', name: writer.name, describe: writer.provider.describe[locale], ready: writerReach!.ok, problem: writerReach!.ok ? null : writerReach!.reason[locale] },
        // Not asked whether it answers: each search counts against the vendor's hourly limit.
        'notConfigured' in stock
          ? notReady('stock', stock.name, stock.notConfigured[locale])
          : { capability: 'stock', name: stock.name, describe: stock.provider.describe[locale], ready: true, problem: null },
      ],
    }
  },
})

export const digitalHumanHandlers = {
  'digitalHuman.speak': speak,
  'digitalHuman.voices': voices,
  'digitalHuman.providerStatus': providerStatus,
}
