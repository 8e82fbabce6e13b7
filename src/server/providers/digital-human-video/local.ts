import type { DigitalHumanVideoProvider } from './digital-human-video-provider'

/** The embedded one: no lip sync; the avatar's loop plays behind the speech, rendered here by ffmpeg. */
export const localDigitalHumanVideo: DigitalHumanVideoProvider = {
  describe: { 'zh-CN': '本地合成，不对口型：形象的循环视频配合语音播放', 'en-US': 'Local render, no lip sync: the avatar’s loop plays behind the speech' },
  async reachable() {
    return { ok: true }
  },
}
