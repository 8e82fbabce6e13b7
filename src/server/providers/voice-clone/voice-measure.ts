/**
 * What a recorded voice sounds like, from its samples: how loud it is and at what pitch it
 * speaks. Pure arithmetic over mono float samples (ffmpeg decodes them), so it is tested on
 * tones whose answers are known.
 */
export interface VoiceMeasure {
  /** Root mean square level of the voiced frames, in dB relative to full scale. */
  loudnessDb: number
  /** The median fundamental frequency of the voiced frames, in Hz; null when none was voiced. */
  pitchHz: number | null
  /** The share of frames (0–1) in which a voice was heard. */
  voiced: number
}

const FRAME_SECONDS = 0.04
const LOWEST_HZ = 60
const HIGHEST_HZ = 400
/** Quieter than this (dBFS) is silence, whatever its shape. */
const SILENCE_DB = -50
/** How alike a frame must be to itself one period on to count as voiced (normalized autocorrelation). */
const PERIODIC = 0.6

export function measureVoice(samples: Float32Array, sampleRate: number): VoiceMeasure {
  const size = Math.round(FRAME_SECONDS * sampleRate)
  const minLag = Math.floor(sampleRate / HIGHEST_HZ)
  const maxLag = Math.min(Math.ceil(sampleRate / LOWEST_HZ), size - 1)
  const pitches: number[] = []
  let voicedEnergy = 0
  let voicedCount = 0
  let frames = 0
  for (let start = 0; start + size <= samples.length; start += size) {
    frames++
    const frame = samples.subarray(start, start + size)
    const energy = frame.reduce((sum, x) => sum + x * x, 0)
    if (10 * Math.log10(energy / size + 1e-12) < SILENCE_DB) continue
    const period = strongestPeriod(frame, energy, minLag, maxLag)
    if (!period) continue
    pitches.push(sampleRate / period)
    voicedEnergy += energy
    voicedCount += size
  }
  pitches.sort((a, b) => a - b)
  return {
    loudnessDb: voicedCount > 0 ? round1(10 * Math.log10(voicedEnergy / voicedCount)) : -Infinity,
    pitchHz: pitches.length > 0 ? round1(pitches[Math.floor(pitches.length / 2)]!) : null,
    voiced: frames > 0 ? round2(pitches.length / frames) : 0,
  }
}

/** The lag (in samples, refined between samples) at which the frame best repeats itself, if it does enough. */
function strongestPeriod(frame: Float32Array, energy: number, minLag: number, maxLag: number): number | null {
  const scores = new Float64Array(maxLag + 2)
  for (let lag = minLag; lag <= maxLag + 1 && lag < frame.length; lag++) {
    let sum = 0
    for (let i = 0; i + lag < frame.length; i++) sum += frame[i]! * frame[i + lag]!
    // Scaled by the overlap, so longer lags are not favoured for their shorter sums.
    scores[lag] = (sum / energy) * (frame.length / (frame.length - lag))
  }
  // The first peak over the threshold, not the highest: a period's multiples score as well as itself.
  for (let lag = minLag + 1; lag <= maxLag; lag++) {
    const here = scores[lag]!
    if (here >= PERIODIC && here >= scores[lag - 1]! && here >= scores[lag + 1]!) {
      const before = scores[lag - 1]!
      const after = scores[lag + 1]!
      const bend = before - 2 * here + after
      return bend < 0 ? lag + (0.5 * (before - after)) / bend : lag
    }
  }
  return null
}

const round1 = (x: number) => Math.round(x * 10) / 10
const round2 = (x: number) => Math.round(x * 100) / 100
