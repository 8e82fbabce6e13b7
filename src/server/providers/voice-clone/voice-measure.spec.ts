import { describe, expect, it } from 'vitest'
import { measureVoice } from './voice-measure'

const RATE = 16000

function tone(hz: number, seconds: number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE))
  // A fundamental with two overtones, as a voice has, not a bare sine.
  for (let i = 0; i < out.length; i++) {
    const t = i / RATE
    out[i] = amplitude * (0.6 * Math.sin(2 * Math.PI * hz * t) + 0.3 * Math.sin(4 * Math.PI * hz * t) + 0.1 * Math.sin(6 * Math.PI * hz * t))
  }
  return out
}

describe('measuring a voice', () => {
  it('hears the pitch of a low and a high voice within a few hertz', () => {
    expect(Math.abs(measureVoice(tone(110, 2), RATE).pitchHz! - 110)).toBeLessThan(3)
    expect(Math.abs(measureVoice(tone(220, 2), RATE).pitchHz! - 220)).toBeLessThan(4)
    expect(Math.abs(measureVoice(tone(330, 2), RATE).pitchHz! - 330)).toBeLessThan(6)
  })

  it('measures loudness of the voiced part only, and how much of the sample was voiced', () => {
    const half = new Float32Array(RATE * 2)
    half.set(tone(150, 1, 0.5))
    const measured = measureVoice(half, RATE)
    expect(measured.voiced).toBeCloseTo(0.5, 1)
    // The tone's RMS: 0.5 × sqrt((0.36 + 0.09 + 0.01) / 2) ≈ 0.24, about -12.4 dBFS; the silent second does not lower it.
    expect(measured.loudnessDb).toBeCloseTo(-12.4, 0)
    expect(measureVoice(tone(150, 1, 0.05), RATE).loudnessDb).toBeCloseTo(-32.4, 0)
  })

  it('hears no voice in silence or in noise', () => {
    expect(measureVoice(new Float32Array(RATE), RATE)).toEqual({ loudnessDb: -Infinity, pitchHz: null, voiced: 0 })
    let seed = 1
    const noise = Float32Array.from({ length: RATE }, () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.8)
    expect(measureVoice(noise, RATE).voiced).toBeLessThan(0.1)
  })
})
