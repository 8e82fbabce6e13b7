import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { probeMedia } from './probe'
import { runFfmpeg } from './run-ffmpeg'
import { lacksLength, writeLength, writeLengthArgs } from './write-length'

const dir = mkdtempSync(join(tmpdir(), 'write-length-'))
const at = (name: string) => join(dir, name)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a recording that states no length', () => {
  it('is rewritten, nothing decoded, into one whose header states its length', async () => {
    // Matroska's live mode writes no duration and no index, as MediaRecorder's WebM has none.
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=220:duration=3', '-c:a', 'libopus', '-live', '1', '-f', 'webm', at('recorded.webm')])
    const before = await probeMedia(at('recorded.webm'))
    expect(before).toMatchObject({ format: 'matroska,webm', lengthFromPackets: true })
    expect(lacksLength(before)).toBe(true)

    await writeLength(before, at('recorded.webm'), at('scratch'))
    const after = await probeMedia(at('recorded.webm'))
    expect(after.lengthFromPackets).toBeUndefined()
    expect(lacksLength(after)).toBe(false)
    expect(after).toMatchObject({ format: 'matroska,webm', kind: 'audio', audioCodec: 'opus', size: statSync(at('recorded.webm')).size })
    expect(after.duration).toBeCloseTo(before.duration, 1)
  })

  it('stays WebM when its codecs are WebM\'s, and is kept Matroska otherwise', () => {
    const muxer = (videoCodec: string | null, audioCodec: string | null) => writeLengthArgs({ videoCodec, audioCodec }, 'in', 'out').at(-2)
    expect(muxer(null, 'opus')).toBe('webm')
    expect(muxer('vp9', 'opus')).toBe('webm')
    expect(muxer('vp8', 'vorbis')).toBe('webm')
    expect(muxer('h264', 'opus')).toBe('matroska')
    expect(muxer(null, 'aac')).toBe('matroska')
  })

  it('is only a Matroska file whose length was read from its packets', () => {
    expect(lacksLength({ format: 'matroska,webm' })).toBe(false)
    expect(lacksLength({ format: 'matroska,webm', lengthFromPackets: false })).toBe(false)
    expect(lacksLength({ format: 'mpegts', lengthFromPackets: true })).toBe(false)
  })
})
