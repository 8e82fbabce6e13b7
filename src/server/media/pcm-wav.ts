/**
 * What a WAV file really holds, read from its own bytes: a narration's pieces are timed by it
 * without a process each, and a speech vendor's answer is checked by it (GPT-SoVITS's api_v2
 * answers HTTP 200 with one second of digital silence when its synthesis fails inside its loop,
 * out of GPU memory, or the text cleans to nothing: TTS.py, `except` in TTS.run, `yield 16000,
 * np.zeros(16000)`; so a 200 alone says nothing, and the samples are measured).
 */
export interface SpokenAudio {
  sampleRate: number
  seconds: number
  /** The loudest sample, in dB below full scale; -Infinity for digital silence. */
  peakDb: number
}

/** PCM WAV (8, 16, 24 or 32-bit integer) read from its header and data; null when it is not one. */
export function readPcmWav(file: Buffer): SpokenAudio | null {
  if (file.length < 44 || file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WAVE') return null
  let format: { channels: number; sampleRate: number; bits: number; pcm: boolean } | undefined
  for (let at = 12; at + 8 <= file.length; ) {
    const id = file.toString('latin1', at, at + 4)
    const size = file.readUInt32LE(at + 4)
    const body = at + 8
    if (id === 'fmt ' && body + 16 <= file.length) {
      format = { pcm: file.readUInt16LE(body) === 1 || file.readUInt16LE(body) === 0xfffe, channels: file.readUInt16LE(body + 2), sampleRate: file.readUInt32LE(body + 4), bits: file.readUInt16LE(body + 14) }
    } else if (id === 'data' && format?.pcm && format.channels > 0 && [8, 16, 24, 32].includes(format.bits)) {
      // A streamed header states no length; the data then runs to the end of the file.
      const end = size === 0 || body + size > file.length ? file.length : body + size
      const width = format.bits / 8
      const frames = Math.floor((end - body) / (width * format.channels))
      let peak = 0
      for (let i = body; i + width <= end; i += width) {
        const value = width === 1 ? Math.abs(file[i]! - 128) / 128 : Math.abs(file.readIntLE(i, width)) / 2 ** (format.bits - 1)
        if (value > peak) peak = value
      }
      return { sampleRate: format.sampleRate, seconds: frames / format.sampleRate, peakDb: peak === 0 ? -Infinity : 20 * Math.log10(peak) }
    }
    at = body + size + (size % 2)
  }
  return null
}
