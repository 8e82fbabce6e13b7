import { spawn } from 'node:child_process'
import type { Locale } from '../../schema/types'

/** The commands run for media work: plain names found on PATH unless the environment names other files. */
export interface MediaCommands {
  ffmpeg: string
  ffprobe: string
  espeak: string
}

export function mediaCommands(env: NodeJS.ProcessEnv = process.env): MediaCommands {
  return {
    ffmpeg: env.FFMPEG_PATH || 'ffmpeg',
    ffprobe: env.FFPROBE_PATH || 'ffprobe',
    espeak: env.ESPEAK_PATH || 'espeak-ng',
  }
}

/** Each tool's first version line, or null when it could not be run. */
export interface MediaTools {
  ffmpeg: string | null
  ffprobe: string | null
  espeak: string | null
}

const VERSION_TIMEOUT_MS = 10_000
// Keyed by the commands, so a changed FFMPEG_PATH is checked afresh rather than answered from before.
const checked = new Map<string, Promise<MediaTools>>()

export function checkMediaTools(): Promise<MediaTools> {
  const commands = mediaCommands()
  const key = JSON.stringify(commands)
  let tools = checked.get(key)
  if (!tools) {
    tools = Promise.all([versionLine(commands.ffmpeg, '-version'), versionLine(commands.ffprobe, '-version'), versionLine(commands.espeak, '--version')]).then(([ffmpeg, ffprobe, espeak]) => ({ ffmpeg, ffprobe, espeak }))
    checked.set(key, tools)
  }
  return tools
}

function versionLine(command: string, flag: string): Promise<string | null> {
  return new Promise((resolve) => {
    let out = ''
    let child
    try {
      child = spawn(command, [flag], { stdio: ['ignore', 'pipe', 'ignore'], timeout: VERSION_TIMEOUT_MS, killSignal: 'SIGKILL' })
    } catch {
      return resolve(null)
    }
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      if (out.length < 4096) out += chunk
    })
    child.on('error', () => resolve(null))
    child.on('close', (code) => resolve(code === 0 ? out.split('\n')[0]!.trim() || null : null))
  })
}

const INSTALL = 'apt-get install -y ffmpeg fonts-noto-cjk espeak-ng'

const PURPOSE: Record<keyof MediaTools, Record<Locale, string>> = {
  ffmpeg: { 'zh-CN': 'ffmpeg（剪辑、缩略图、混剪）', 'en-US': 'ffmpeg (clips, thumbnails, mixed cuts)' },
  ffprobe: { 'zh-CN': 'ffprobe（识别上传的音视频）', 'en-US': 'ffprobe (reading uploaded media)' },
  espeak: { 'zh-CN': 'espeak-ng（本地语音合成）', 'en-US': 'espeak-ng (local speech)' },
}

const ENV_NAME: Record<keyof MediaTools, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH', espeak: 'ESPEAK_PATH' }

/** What an operator reads when a tool is missing: which ones, what they are for, and the one line that installs them on Debian. */
export function missingToolsMessage(tools: MediaTools, locale: Locale): string | null {
  const missing = (Object.keys(PURPOSE) as (keyof MediaTools)[]).filter((name) => tools[name] === null)
  if (missing.length === 0) return null
  const commands = mediaCommands()
  const what = missing.map((name) => `${PURPOSE[name][locale]} [${commands[name]}]`)
  const envs = missing.map((name) => ENV_NAME[name]).join(', ')
  return locale === 'zh-CN'
    ? `找不到以下媒体工具：${what.join('、')}。在 Debian/Ubuntu 上以 root 运行：${INSTALL}（fonts-noto-cjk 提供字幕用的中文字体）。装在别处的，可用环境变量 ${envs} 指定路径。`
    : `These media tools were not found: ${what.join(', ')}. On Debian or Ubuntu, as root, run: ${INSTALL} (fonts-noto-cjk gives subtitles their Chinese font). Installed elsewhere? Set ${envs} to the program's path.`
}
