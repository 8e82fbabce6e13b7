import { useEffect, useRef, useState } from 'react'

export type RecorderState =
  | { phase: 'idle' }
  | { phase: 'asking' }
  | { phase: 'recording'; seconds: number; level: number }
  | { phase: 'recorded'; seconds: number; blob: Blob; url: string }
  | { phase: 'refused'; reason: 'denied' | 'unsupported' | 'failed' }

/** The type a recording is made in: the first the browser can write, Opus in WebM where it can. */
export function recordingType(isSupported: (type: string) => boolean): string | undefined {
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'].find((type) => isSupported(type))
}

/** A level from 0 to 1 for a meter: the RMS of the samples, on a scale where speech near a microphone fills most of it. */
export function levelOf(samples: Float32Array): number {
  let sum = 0
  for (const s of samples) sum += s * s
  const rms = Math.sqrt(sum / Math.max(1, samples.length))
  const db = 20 * Math.log10(Math.max(rms, 1e-5))
  // -60 dBFS (a quiet room) reads empty, -10 dBFS (loud speech) full.
  return Math.min(1, Math.max(0, (db + 60) / 50))
}

/**
 * A recording from the microphone with MediaRecorder: start, stop, the seconds so far and the
 * level as it is heard (an AnalyserNode), and the recording to hear back and send. Everything
 * it opened (the microphone, the audio graph, the recording's object URL) is closed when it
 * stops, records again or unmounts.
 */
export function useRecorder(maxSeconds: number) {
  const [state, setState] = useState<RecorderState>({ phase: 'idle' })
  const live = useRef<{ stream: MediaStream; context: AudioContext; recorder: MediaRecorder; frame: number; timer: number } | undefined>(undefined)
  const url = useRef<string | undefined>(undefined)

  const release = () => {
    const current = live.current
    live.current = undefined
    if (!current) return
    cancelAnimationFrame(current.frame)
    clearInterval(current.timer)
    current.stream.getTracks().forEach((track) => track.stop())
    void current.context.close().catch(() => undefined)
  }
  const forgetRecording = () => {
    if (url.current) URL.revokeObjectURL(url.current)
    url.current = undefined
  }
  useEffect(
    () => () => {
      release()
      forgetRecording()
    },
    [],
  )

  const start = async () => {
    forgetRecording()
    const type = typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia ? undefined : recordingType((t) => MediaRecorder.isTypeSupported(t))
    if (!type) {
      setState({ phase: 'refused', reason: 'unsupported' })
      return
    }
    setState({ phase: 'asking' })
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } })
    } catch (error) {
      setState({ phase: 'refused', reason: (error as DOMException).name === 'NotAllowedError' ? 'denied' : 'failed' })
      return
    }
    const context = new AudioContext()
    const analyser = context.createAnalyser()
    analyser.fftSize = 2048
    context.createMediaStreamSource(stream).connect(analyser)
    const samples = new Float32Array(analyser.fftSize)
    const recorder = new MediaRecorder(stream, { mimeType: type })
    const chunks: Blob[] = []
    const began = performance.now()
    const seconds = () => (performance.now() - began) / 1000
    recorder.ondataavailable = (event) => chunks.push(event.data)
    recorder.onstop = () => {
      const length = seconds()
      release()
      const blob = new Blob(chunks, { type: type.split(';')[0] })
      url.current = URL.createObjectURL(blob)
      setState({ phase: 'recorded', seconds: length, blob, url: url.current })
    }
    const meter = () => {
      analyser.getFloatTimeDomainData(samples)
      setState({ phase: 'recording', seconds: seconds(), level: levelOf(samples) })
      if (live.current) live.current.frame = requestAnimationFrame(meter)
    }
    live.current = {
      stream,
      context,
      recorder,
      frame: requestAnimationFrame(meter),
      // Stops by itself at the longest sample the clone takes.
      timer: window.setInterval(() => {
        if (seconds() >= maxSeconds && recorder.state === 'recording') recorder.stop()
      }, 250),
    }
    recorder.start(1000)
  }

  const stop = () => {
    if (live.current?.recorder.state === 'recording') live.current.recorder.stop()
  }

  const reset = () => {
    release()
    forgetRecording()
    setState({ phase: 'idle' })
  }

  return { state, start, stop, reset }
}
