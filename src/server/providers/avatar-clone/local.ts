import { join } from 'node:path'
import { probeMedia } from '../../media/probe'
import { makeLoop, sceneCuts, stillArgs } from '../../media/avatar-loop'
import { runFfmpeg } from '../../media/run-ffmpeg'
import { TrainingVideoRefused, type AvatarCloneProvider, type AvatarTier } from './avatar-clone-provider'

/** How long a loop each tier keeps, and how tall. */
const LOOP = { standard: { seconds: 6, height: 720 }, hd: { seconds: 10, height: 1080 } } as const satisfies Record<AvatarTier, unknown>
const FADE_SECONDS = 1
const FPS = 25

/**
 * The embedded "avatar clone": no model of the person is made. It checks the training video
 * (long enough, sharp enough, one continuous shot), then keeps a seamless loop of its middle
 * and a portrait still, which the local digital-human video moves behind the speech: a local
 * render, with no lip sync, and said so.
 */
export const localAvatarClone: AvatarCloneProvider = {
  requirements: { standard: { minSeconds: 8, minShortSide: 360 }, hd: { minSeconds: 15, minShortSide: 720 } },
  lipSync: false,
  describe: { 'zh-CN': '本地形象：训练视频中截取的循环片段与定妆照，不为此人建模', 'en-US': 'Local avatar: a loop and a still from the training video, no model of the person' },
  async clone({ video, tier, workDir, signal, onProgress }) {
    const info = await probeMedia(video, { signal })
    const need = this.requirements[tier]
    if (info.kind !== 'video' || !info.width || !info.height) throw new TrainingVideoRefused({ 'zh-CN': '训练素材不是视频，请上传一段人物出镜的视频。', 'en-US': 'The training material is not a video: upload a video of the person.' })
    const shortSide = Math.min(info.width, info.height)
    if (info.duration < need.minSeconds) {
      throw new TrainingVideoRefused({
        'zh-CN': `训练视频只有 ${info.duration.toFixed(1)} 秒，至少需要 ${need.minSeconds} 秒。`,
        'en-US': `The training video lasts ${info.duration.toFixed(1)} s; it needs at least ${need.minSeconds} s.`,
      })
    }
    if (shortSide < need.minShortSide) {
      throw new TrainingVideoRefused({
        'zh-CN': `训练视频分辨率为 ${info.width}×${info.height}，短边至少需要 ${need.minShortSide} 像素。`,
        'en-US': `The training video is ${info.width}×${info.height}; its shorter side needs at least ${need.minShortSide} pixels.`,
      })
    }
    onProgress?.(0.1)
    const cuts = await sceneCuts(video, { signal })
    if (cuts.length > 0) {
      throw new TrainingVideoRefused({
        'zh-CN': `训练视频在 ${cuts[0]!.toFixed(1)} 秒处切换了镜头，请使用同一机位连续拍摄的视频。`,
        'en-US': `The training video cuts to another shot at ${cuts[0]!.toFixed(1)} s: use one continuous shot of the person.`,
      })
    }
    onProgress?.(0.4)
    const seconds = Math.min(LOOP[tier].seconds, info.duration)
    const start = (info.duration - seconds) / 2
    const loop = join(workDir, 'loop.mp4')
    const height = Math.min(LOOP[tier].height, info.height) - (Math.min(LOOP[tier].height, info.height) % 2)
    await makeLoop({ input: video, start, seconds, fade: FADE_SECONDS, height, fps: FPS, output: loop }, { signal, onProgress: (f) => onProgress?.(0.4 + f * 0.5) })
    const still = join(workDir, 'still.jpg')
    await runFfmpeg(stillArgs(video, info.duration / 2, height, still), { signal })
    return { avatarId: 'local:loop', loop, still, measured: { durationSeconds: info.duration, width: info.width, height: info.height } }
  },
}
