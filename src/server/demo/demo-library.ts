import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { runFfmpeg } from '../media/run-ffmpeg'
import { keepFileAsMaterial } from '../materials/keep-fetched'

/**
 * The platform's demo library: clips and music beds drawn by ffmpeg's own sources at first
 * start, so the repository ships no media, shared with every account below the admin, and
 * named as generated so no one takes them for footage. Their tags carry the words of the demo
 * scripts (DEMO_SCRIPTS), so a merchant's first video from a library script finds clips for
 * every sentence without uploading anything.
 */
interface DemoMedia {
  name: string
  tags: string[]
  /** ffmpeg's input and output options after -hide_banner; the output path comes last. */
  args: string[]
  ext: 'mp4' | 'm4a'
}

const SECONDS = 8
const SIZE = '720x1280'
const VIDEO_OUT = ['-t', String(SECONDS), '-r', '25', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p', '-an']

function clip(name: string, tags: string[], source: string): DemoMedia {
  return { name, tags, ext: 'mp4', args: ['-f', 'lavfi', '-i', source, ...VIDEO_OUT] }
}

/** A slow chord with a gentle swell, faded in and out. */
function musicBed(name: string, tags: string[], notes: number[], seconds: number): DemoMedia {
  const tones = notes.map((hz, i) => `${(0.12 / (i + 1)).toFixed(3)}*sin(2*PI*${hz}*t)`).join('+')
  const swell = `(0.7+0.3*sin(2*PI*t/${(seconds / 6).toFixed(2)}))`
  return {
    name, tags, ext: 'm4a',
    args: ['-f', 'lavfi', '-i', `aevalsrc=${swell}*(${tones}):s=44100:c=stereo:d=${seconds}`, '-af', `afade=t=in:d=2,afade=t=out:st=${seconds - 3}:d=3`, '-c:a', 'aac', '-b:a', '128k'],
  }
}

export const DEMO_LIBRARY: readonly DemoMedia[] = [
  clip('生成画面：城市灯光 / Generated: city lights', ['城市', '灯光', '街道', '夜晚', 'city', 'lights', 'street', 'lamps'], `gradients=s=${SIZE}:c0=0x0b1d51:c1=0xff8a00:c2=0x8e2de2:c3=0x111111:nb_colors=4:speed=0.03:r=25`),
  clip('生成画面：清晨暖光 / Generated: morning glow', ['清晨', '早晨', '阳光', '温暖', 'morning', 'sun', 'warm'], `gradients=s=${SIZE}:c0=0xffd194:c1=0xff6a3d:c2=0xfff1c1:nb_colors=3:speed=0.02:r=25`),
  clip('生成画面：色彩光谱 / Generated: colour spectrum', ['色彩', '明亮', '光谱', 'colours', 'bright', 'spectrum'], `colorspectrum=s=${SIZE}:type=all:r=25,hue=H=2*PI*t/8`),
  clip('生成画面：分形科技 / Generated: fractal technology', ['科技', '简单', '未来', 'technology', 'simpler', 'future'], 'mandelbrot=s=360x640:r=25:start_scale=2:end_scale=0.05:end_pts=200,scale=720:1280'),
  clip('生成画面：生长的自然 / Generated: nature growing', ['自然', '生长', '活力', 'nature', 'life', 'growing'], `life=s=180x320:mold=10:r=25:ratio=0.12:death_color=#1b4d2e:life_color=#7ed957,scale=720:1280:flags=neighbor`),
  clip('生成画面：几何细节 / Generated: geometric detail', ['细节', '几何', '精致', 'detail', 'care', 'geometry'], `sierpinski=s=${SIZE}:r=25:type=triangle,hue=s=0.6`),
  clip('生成画面：流动图案 / Generated: flowing pattern', ['生活', '新', '每一天', 'everyday', 'new', 'pattern'], `cellauto=s=180x320:rule=110:r=25:random_fill_ratio=0.5:scroll=1,scale=720:1280:flags=neighbor,negate,colorchannelmixer=rr=0.2:gg=0.6:bb=0.9`),
  clip('生成画面：夜空渐变 / Generated: night sky', ['夜晚', '安静', '城市', 'night', 'calm', 'city'], `gradients=s=${SIZE}:c0=0x000428:c1=0x004e92:c2=0x1a1a40:nb_colors=3:speed=0.015:r=25`),
  musicBed('生成音乐：平静和弦 / Generated music: calm chords', ['平静', '舒缓', 'calm', 'ambient'], [220, 277.18, 329.63, 440], 40),
  musicBed('生成音乐：明亮和弦 / Generated music: bright chords', ['明亮', '轻快', 'bright', 'light'], [261.63, 329.63, 392, 523.25], 40),
]

/** The demo's script library: texts whose words the demo clips are tagged with, about 30 s read by the local voice. */
export const DEMO_SCRIPTS = [
  {
    title: '城市的新一天',
    content: '清晨的城市慢慢醒来，灯光一盏盏熄灭。温暖的阳光洒在窗前，色彩格外明亮。科技让每一天都更简单。自然与城市在这里相遇。每一个细节，都值得被看见。现在就来看看你的新生活。',
  },
  {
    title: 'A new day in the city',
    content:
      'The city wakes up slowly in the soft morning light, and the street lamps go out one by one. Warm colours fill the streets as the day begins, bright and full of promise. We believe that good technology should make every single day a little simpler for you. Nature and the city meet here, calm and quiet, yet always full of life. Every detail is made with care, so that you get a better experience. From the early morning to the late night, we are right there with you. Come and see your new everyday life.',
  },
] as const

/**
 * Draws the demo library and keeps it as the admin's shared materials. Runs once, after the
 * server listens (each file takes ffmpeg a second or two); a library already there is left.
 * Returns how many files it kept.
 */
export async function seedDemoLibrary(services: Services): Promise<number> {
  const admin = await services.db.selectFrom(tableOf(services, 'user')).select('id').where('username', '=', 'admin').executeTakeFirst()
  if (!admin) return 0
  const kept = await services.db.selectFrom(tableOf(services, 'material')).select('id').where('owner_id', '=', admin.id).limit(1).execute()
  if (kept.length > 0) return 0
  const dir = await mkdtemp(join(tmpdir(), 'demo-library-'))
  try {
    let count = 0
    for (const media of DEMO_LIBRARY) {
      const path = join(dir, `${count}.${media.ext}`)
      await runFfmpeg([...media.args, path])
      await keepFileAsMaterial(services, path, { ownerId: admin.id, name: media.name, tags: media.tags, shared: true, licence: 'Generated by ffmpeg', workDir: dir })
      count++
    }
    return count
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
