import { describe, expect, it } from 'vitest'
import { levelOf, recordingType } from './useRecorder'

describe('recording a voice sample', () => {
  it('records Opus in WebM where the browser can, else the next type it writes, else nothing', () => {
    expect(recordingType(() => true)).toBe('audio/webm;codecs=opus')
    expect(recordingType((type) => type === 'audio/mp4')).toBe('audio/mp4')
    expect(recordingType(() => false)).toBeUndefined()
  })

  it('reads silence as an empty meter, speech near the microphone most of the way, and clipping full', () => {
    const tone = (amplitude: number) => Float32Array.from({ length: 2048 }, (_, i) => amplitude * Math.sin((2 * Math.PI * 220 * i) / 48000))
    expect(levelOf(new Float32Array(2048))).toBe(0)
    expect(levelOf(tone(0.001))).toBeLessThan(0.1)
    const speech = levelOf(tone(0.2))
    expect(speech).toBeGreaterThan(0.6)
    expect(speech).toBeLessThan(0.9)
    expect(levelOf(tone(1))).toBe(1)
  })
})
