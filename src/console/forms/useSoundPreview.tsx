import { useEffect, useRef, useState, type ReactElement } from 'react'
import { ApiError } from '../providers/ApiError'

export interface SoundPreview {
  /** The key of what plays now, from the press until it ends or is stopped. */
  playing?: string
  /** Plays the sound `load` fetches under `key`; stops it when it is the one playing. Called from the press itself. */
  toggle(key: string, load: () => Promise<string>): void
  /** The one audio element: rendered once, anywhere. It has no controls, so it takes no room and covers nothing. */
  audio: ReactElement
}

/**
 * A sound made for the asking (a voice saying a sentence), started and stopped by one button. The
 * press itself readies the audio element before the sound is asked for: a browser that lets only
 * a press start a sound would otherwise keep it silent once it came, waiting for a second press on
 * a player. `onProblem` hears why a sound did not play.
 */
export function useSoundPreview(onProblem: (message: string) => void, failed: string): SoundPreview {
  const ref = useRef<HTMLAudioElement>(null)
  const [playing, setPlaying] = useState<string>()
  // Each press counts: a sound that comes after a later press (or a stop) is not played.
  const presses = useRef(0)
  const made = useRef<string | undefined>(undefined)
  const release = () => {
    if (made.current?.startsWith('blob:')) URL.revokeObjectURL(made.current)
    made.current = undefined
  }
  useEffect(
    () => () => {
      presses.current += 1
      ref.current?.pause()
      release()
    },
    [],
  )

  const toggle = (key: string, load: () => Promise<string>) => {
    const audio = ref.current
    if (!audio) return
    const press = ++presses.current
    audio.pause()
    if (playing === key) {
      setPlaying(undefined)
      return
    }
    // load() during the press is what lets Safari's audio play later without another one.
    audio.removeAttribute('src')
    audio.load()
    release()
    setPlaying(key)
    void (async () => {
      try {
        const url = await load()
        if (press !== presses.current) {
          if (url.startsWith('blob:')) URL.revokeObjectURL(url)
          return
        }
        made.current = url
        audio.src = url
        await audio.play()
      } catch (error) {
        if (press !== presses.current) return
        setPlaying(undefined)
        onProblem(error instanceof ApiError && error.message ? error.message : failed)
      }
    })()
  }

  return { playing, toggle, audio: <audio ref={ref} className="sound-preview" onEnded={() => setPlaying(undefined)} /> }
}

/** The sound or video a "plays" endpoint made, as an object URL; its refusal (an envelope) as the ApiError it says. */
export async function fetchPlayable(url: string, locale: string): Promise<string> {
  const res = await fetch(url, { headers: { lang: locale } })
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    const envelope = (await res.json()) as { code?: number; msg?: string; data?: { errors?: { path: string; message: string }[] } }
    throw new ApiError(envelope.msg ?? res.statusText, res.status, envelope.code, envelope.data?.errors ?? [])
  }
  if (!res.ok) throw new ApiError(res.statusText, res.status)
  return URL.createObjectURL(await res.blob())
}
