import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MediaError } from './media-error'
import { runFfmpeg, runProcess } from './run-ffmpeg'

const dir = mkdtempSync(join(tmpdir(), 'media-run-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('running ffmpeg', () => {
  it('reports progress from 0 to 1 as it encodes', async () => {
    const seen: number[] = []
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', join(dir, 'progress.mp4')], { durationSeconds: 2, onProgress: (f) => seen.push(f) })
    expect(seen.at(-1)).toBe(1)
    expect(seen.filter((f) => f === 1)).toHaveLength(1)
    expect([...seen].sort((a, b) => a - b)).toEqual(seen)
  })

  it('fails with the line that says why, not the generic closing line', async () => {
    const error = await runFfmpeg(['-i', join(dir, 'missing.mp4'), '-f', 'null', '-']).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MediaError)
    expect((error as MediaError).reason).toMatch(/missing\.mp4: No such file or directory/)
    expect((error as MediaError).details.exitCode).not.toBe(0)
  })

  it('kills ffmpeg at once when cancelled and rejects with an AbortError', async () => {
    const controller = new AbortController()
    // -re reads in real time, so this run would take 60 s.
    const run = runFfmpeg(['-re', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:duration=60', '-f', 'null', '-'], { signal: controller.signal, durationSeconds: 60 })
    setTimeout(() => controller.abort(), 300)
    const started = Date.now()
    const error = await run.catch((e: unknown) => e)
    expect((error as Error).name).toBe('AbortError')
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it('does not start at all when already cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(runFfmpeg(['-version'], { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('collects a short tool run\'s output and passes text on stdin', async () => {
    const { stdout } = await runProcess('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-f', 'lavfi', 'sine=duration=1'])
    expect(JSON.parse(stdout).format.format_name).toBe('lavfi')
    const echoed = await runProcess('cat', [], { input: '-v 你好' })
    expect(echoed.stdout).toBe('-v 你好')
  })

  it('stops a tool that prints more than it is allowed to', async () => {
    await expect(runProcess('ffmpeg', ['-hide_banner', '-f', 'lavfi', '-i', 'sine=duration=5', '-f', 's16le', '-'], { maxOutputBytes: 10_000 })).rejects.toThrow(/more than 10000 bytes/)
  })

  it('says a missing program is not installed and how to install it', async () => {
    await expect(runProcess('/nonexistent/ffprobe', [])).rejects.toThrow(/not found; on Debian: apt-get install -y ffmpeg/)
  })
})
