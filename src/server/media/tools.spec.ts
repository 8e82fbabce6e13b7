import { afterEach, describe, expect, it } from 'vitest'
import { checkMediaTools, mediaCommands, missingToolsMessage } from './tools'

const saved = { ...process.env }
afterEach(() => {
  for (const name of ['FFMPEG_PATH', 'FFPROBE_PATH', 'ESPEAK_PATH']) {
    if (saved[name] === undefined) delete process.env[name]
    else process.env[name] = saved[name]
  }
})

describe('media tools', () => {
  it('finds ffmpeg, ffprobe and espeak-ng and gives their version lines, the same answer twice', async () => {
    const tools = await checkMediaTools()
    expect(tools.ffmpeg).toMatch(/^ffmpeg version /)
    expect(tools.ffprobe).toMatch(/^ffprobe version /)
    expect(tools.espeak).toMatch(/eSpeak NG/)
    expect(await checkMediaTools()).toBe(tools)
    expect(missingToolsMessage(tools, 'en-US')).toBeNull()
  })

  it('runs the programs the environment names instead of the plain commands', async () => {
    process.env.FFMPEG_PATH = '/nonexistent/ffmpeg'
    process.env.ESPEAK_PATH = '/nonexistent/espeak-ng'
    expect(mediaCommands()).toEqual({ ffmpeg: '/nonexistent/ffmpeg', ffprobe: 'ffprobe', espeak: '/nonexistent/espeak-ng' })
    const tools = await checkMediaTools()
    expect(tools.ffmpeg).toBeNull()
    expect(tools.ffprobe).toMatch(/^ffprobe version /)
    expect(tools.espeak).toBeNull()
  })

  it('says which tools are missing and how to install them, in either language', () => {
    process.env.FFMPEG_PATH = '/opt/ff/ffmpeg'
    const tools = { ffmpeg: null, ffprobe: 'ffprobe version 5.1', espeak: null }
    const en = missingToolsMessage(tools, 'en-US')!
    expect(en).toContain('ffmpeg (clips, thumbnails, mixed cuts) [/opt/ff/ffmpeg]')
    expect(en).toContain('espeak-ng (local speech)')
    expect(en).not.toContain('ffprobe')
    expect(en).toContain('apt-get install -y ffmpeg fonts-noto-cjk espeak-ng')
    expect(en).toContain('FFMPEG_PATH, ESPEAK_PATH')
    const zh = missingToolsMessage(tools, 'zh-CN')!
    expect(zh).toContain('找不到以下媒体工具')
    expect(zh).toContain('apt-get install -y ffmpeg fonts-noto-cjk espeak-ng')
  })
})
