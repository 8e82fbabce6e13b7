import { describe, expect, it } from 'vitest'
import { createProgressReader } from './ffmpeg-progress'

describe('ffmpeg progress', () => {
  it('turns out_time_us into the share done, never going back, and ends on exactly one 1', () => {
    const seen: number[] = []
    let clock = 0
    const reader = createProgressReader(10, (f) => seen.push(f), () => clock)
    for (const us of [1_000_000, 500_000, 2_500_000]) {
      clock += 1000
      reader.push(`frame=1\nout_time_us=${us}\nprogress=continue\n`)
    }
    clock += 1000
    reader.push('out_time_us=10000000\nprogress=end\n')
    reader.finish()
    // The last time line is held just short of 1 until ffmpeg says it has ended.
    expect(seen).toEqual([0.1, 0.25, 0.999, 1])
  })

  it('reads lines split across chunks and takes out_time_ms as the microseconds it really is', () => {
    const seen: number[] = []
    const reader = createProgressReader(4, (f) => seen.push(f), () => 0)
    reader.push('out_time_m')
    reader.push('s=1000000\npro')
    reader.push('gress=continue\n')
    expect(seen).toEqual([0.25])
  })

  it('passes on at most four updates a second', () => {
    const seen: number[] = []
    let clock = 0
    const reader = createProgressReader(100, (f) => seen.push(f), () => clock)
    for (let i = 1; i <= 40; i++) {
      clock += 50
      reader.push(`out_time_us=${i * 1_000_000}\n`)
    }
    // 40 updates over two seconds: one every 250 ms gets through.
    expect(seen.length).toBeLessThanOrEqual(9)
    expect(seen.length).toBeGreaterThanOrEqual(7)
  })

  it('ignores N/A times and reports only the final 1 when the length is unknown', () => {
    const seen: number[] = []
    const reader = createProgressReader(undefined, (f) => seen.push(f), () => 0)
    reader.push('out_time_us=N/A\nout_time_us=5000000\n')
    reader.finish()
    expect(seen).toEqual([1])
  })
})
