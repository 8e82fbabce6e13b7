import { describe, expect, it } from 'vitest'
import { createTail, meaningfulErrorLine } from './stderr-tail'

describe('stderr tail', () => {
  it('keeps only the last few KB of a long output', () => {
    const tail = createTail(100)
    for (let i = 0; i < 1000; i++) tail.push(`line ${i}\n`)
    const text = tail.text()
    expect(text.length).toBe(100)
    expect(text.endsWith('line 999\n')).toBe(true)
  })

  it('picks the specific error line over the generic lines and chatter that follow it', () => {
    const stderr = [
      '[info] Input #0, lavfi, from \'testsrc\':',
      '[Parsed_xfade_4 @ 0x55d4c0a1b2c0] [error] First input link main timebase (1/25) do not match the corresponding second input link xfade timebase (1/30)',
      '[Parsed_xfade_4 @ 0x55d4c0a1b2c0] [error] Failed to configure output pad on Parsed_xfade_4',
      '[error] Error reinitializing filters!',
      '[error] Failed to inject frame into filter network: Invalid argument',
      '[error] Error while processing the decoded frame for stream #1:0',
      '[aac @ 0x55d4c0a1c000] [info] Qavg: 65536.000',
      '[fatal] Conversion failed!',
      '',
    ].join('\n')
    expect(meaningfulErrorLine(stderr)).toBe('First input link main timebase (1/25) do not match the corresponding second input link xfade timebase (1/30)')
  })

  it('reads untagged output too, as ffprobe and espeak-ng print it', () => {
    expect(meaningfulErrorLine('[mov,mp4,m4a,3gp,3g2,mj2 @ 0x5569] moov atom not found\nt.mp4: Invalid data found when processing input\n')).toBe('t.mp4: Invalid data found when processing input')
    expect(meaningfulErrorLine('\n\n')).toBeNull()
  })
})
