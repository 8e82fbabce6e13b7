import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runFfmpeg } from './run-ffmpeg'
import { assColor, bitrateFor, canStreamCopy, clipArgs, clipDuration, outputSize, segmentsCovering, subtitleFileText, subtitleStyle, transitionSeconds, type ClipPlan } from './clip-plan'
import { escapeFilterValue } from './filter-escape'
import type { MediaInfo } from './probe'

const video = (over: Partial<MediaInfo> = {}): MediaInfo => ({
  kind: 'video', format: 'mov,mp4,m4a,3gp,3g2,mj2', duration: 5, width: 1280, height: 720, fps: 25, videoCodec: 'h264', audioCodec: 'aac',
  bitRate: 2_000_000, size: 1_000_000, rotation: 0, pixelFormat: 'yuv420p', audioSampleRate: 48000, audioChannels: 2, ...over,
})

const plan = (over: Partial<ClipPlan> = {}): ClipPlan => ({
  segments: [{ path: '/in/a.mp4', info: video() }, { path: '/in/b.mp4', start: 1, end: 4, info: video() }],
  shape: '16:9', fit: 'pad', height: 720, fps: 25, bitrateKbps: 1200, output: '/out/clip.mp4', ...over,
})

/** The value following a flag, e.g. the filter graph after -filter_complex. */
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1]!

describe('clip plans', () => {
  it('sizes the output from its shape and short side, always even', () => {
    expect(outputSize({ shape: '9:16', height: 720 })).toEqual({ width: 720, height: 1280 })
    expect(outputSize({ shape: '16:9', height: 720 })).toEqual({ width: 1280, height: 720 })
    expect(outputSize({ shape: '1:1', height: 540 })).toEqual({ width: 540, height: 540 })
    expect(outputSize({ shape: '9:16', height: 480 })).toEqual({ width: 480, height: 854 })
  })

  it('lasts as long as its segments, less each transition\'s overlap', () => {
    expect(clipDuration(plan())).toBe(8)
    expect(clipDuration(plan({ transition: { kind: 'fade', seconds: 1 } }))).toBe(7)
    expect(clipDuration(plan({ transition: { kind: 'none', seconds: 1 } }))).toBe(8)
    // Half the shortest segment (3 s) at most.
    expect(transitionSeconds(plan({ transition: { kind: 'dissolve', seconds: 5 } }))).toBe(1.5)
  })

  it('cuts each segment on its input and again in the graph, fitting it to the frame with padding', () => {
    const args = clipArgs(plan({ shape: '9:16' }))
    expect(args.slice(0, 10)).toEqual(['-t', '5', '-i', '/in/a.mp4', '-ss', '1', '-t', '3', '-i', '/in/b.mp4'])
    const graph = after(args, '-filter_complex')
    expect(graph).toContain('[1:v]trim=duration=3,setpts=PTS-STARTPTS,fps=25,scale=720:1280:force_original_aspect_ratio=decrease,pad=720:1280:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,format=yuv420p')
    expect(graph).toContain('[1:a]atrim=duration=3,asetpts=PTS-STARTPTS')
    expect(graph).toContain('[v0][a0][v1][a1]concat=n=2:v=1:a=1[vjoin][ajoin]')
    expect(args.slice(args.indexOf('-map'))).toEqual([
      '-map', '[vjoin]', '-map', '[ajoin]',
      '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '1200k', '-maxrate', '1200k', '-bufsize', '2400k', '-pix_fmt', 'yuv420p', '-g', '50',
      '-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2', '-movflags', '+faststart', '-t', '8', '/out/clip.mp4',
    ])
  })

  it('crops instead of padding when asked', () => {
    const graph = after(clipArgs(plan({ fit: 'crop', shape: '1:1' })), '-filter_complex')
    expect(graph).toContain('scale=720:720:force_original_aspect_ratio=increase,crop=720:720')
    expect(graph).not.toMatch(/[,\]]pad=/)
  })

  it('gives a silent segment silence of its own length', () => {
    const graph = after(clipArgs(plan({ segments: [{ path: '/in/mute.mp4', end: 2.5, info: video({ audioCodec: null }) }] })), '-filter_complex')
    expect(graph).toContain('anullsrc=r=48000:cl=stereo,atrim=duration=2.5')
    expect(graph).not.toContain('[0:a]')
  })

  it('shows a picture for three seconds by default, looped at the clip\'s frame rate', () => {
    const args = clipArgs(plan({ segments: [{ path: '/in/p.png', info: video({ kind: 'image', duration: 0, fps: null, audioCodec: null }) }] }))
    expect(args.slice(0, 8)).toEqual(['-loop', '1', '-framerate', '25', '-t', '3', '-i', '/in/p.png'])
  })

  it('chains xfade and acrossfade with offsets from the segment lengths', () => {
    const three = plan({ segments: [{ path: '/a.mp4', info: video() }, { path: '/b.mp4', end: 3, info: video() }, { path: '/c.mp4', info: video() }], transition: { kind: 'slideleft', seconds: 0.5 } })
    const graph = after(clipArgs(three), '-filter_complex')
    expect(graph).toContain('[v0][v1]xfade=transition=slideleft:duration=0.5:offset=4.5[vx1]')
    expect(graph).toContain('[vx1][v2]xfade=transition=slideleft:duration=0.5:offset=7[vjoin]')
    expect(graph).toContain('[a0][a1]acrossfade=d=0.5[ax1]')
    expect(graph).toContain('[ax1][a2]acrossfade=d=0.5[ajoin]')
    expect(after(clipArgs(three), '-t')).toBe('5')
    expect(clipDuration(three)).toBe(12)
  })

  it('burns subtitles with the CJK font, colours in ASS order and sizes in output pixels', () => {
    const p = plan({ shape: '9:16', subtitles: { cues: [{ start: 0, end: 1, text: '你好，世界' }], size: 48, color: '#ffcc00', outlineColor: '#102030', outline: 3, position: 'top' } })
    expect(assColor('#ffcc00')).toBe('&H00CCFF&')
    expect(subtitleStyle(p)).toBe('FontName=Noto Sans CJK SC,FontSize=48,PrimaryColour=&H00CCFF&,OutlineColour=&H302010&,BorderStyle=1,Outline=3,Shadow=0,PlayResX=720,PlayResY=1280,MarginL=36,MarginR=36,MarginV=77')
    const graph = after(clipArgs(p, '/work'), '-filter_complex')
    expect(graph).toContain('[vjoin]subtitles=filename=/work/subtitles.srt:force_style=FontName=Noto Sans CJK SC\\,FontSize=48\\,')
    expect(after(clipArgs(p), '-map')).toBe('[vsub]')
    expect(subtitleFileText(p)).toBe('1\n00:00:00,000 --> 00:00:01,000\n{\\an8}你好，世界\n')
  })

  it('draws a box of its colour and opacity instead of an outline, at a height of its own, and a title over the first seconds', () => {
    const p = plan({
      shape: '9:16',
      subtitles: { cues: [{ start: 0, end: 2, text: '字幕' }], font: 'Noto Serif CJK SC', size: 40, color: '#ffffff', outlineColor: '#000000', outline: 2, position: 'custom', heightPercent: 25, box: { color: '#ff0000', opacity: 0.6 } },
      title: { text: '新品 {上市}', seconds: 3, size: 80, color: '#ffcc00', font: 'Noto Serif CJK SC' },
    })
    expect(subtitleStyle(p)).toBe('FontName=Noto Serif CJK SC,FontSize=40,PrimaryColour=&HFFFFFF&,OutlineColour=&H660000FF&,BackColour=&H660000FF&,BorderStyle=3,Outline=8,Shadow=0,PlayResX=720,PlayResY=1280,MarginL=36,MarginR=36,MarginV=320')
    // The title first, placed at the top centre in its own size, colour and font; what it says is drawn as typed.
    expect(subtitleFileText(p)).toBe('1\n00:00:00,000 --> 00:00:03,000\n{\\an8\\pos(360,102)\\fs80\\c&H00CCFF&\\fnNoto Serif CJK SC}新品 \\{上市\\}\n\n2\n00:00:00,000 --> 00:00:02,000\n{\\an2}字幕\n')
    // A title alone still burns text in.
    expect(after(clipArgs(plan({ title: { text: 'Hi', seconds: 1, size: 40, color: '#ffffff' } }), '/work'), '-filter_complex')).toContain('subtitles=filename=/work/subtitles.srt')
  })

  it('fits the bitrate to the short side when none is asked for, within 150–1800 kb/s', () => {
    expect([480, 720, 1080].map(bitrateFor)).toEqual([900, 1400, 1800])
  })

  it('gives each join its own transition when given a list', () => {
    const three = [{ path: '/in/a.mp4', info: video() }, { path: '/in/b.mp4', info: video() }, { path: '/in/c.mp4', info: video() }]
    const graph = after(clipArgs(plan({ segments: three, transition: { kind: ['circleopen', 'pixelize'], seconds: 0.5 } })), '-filter_complex')
    expect(graph).toContain('xfade=transition=circleopen:duration=0.5:offset=4.5')
    expect(graph).toContain('xfade=transition=pixelize:duration=0.5:offset=9')
  })

  it('keeps markup a person types from reaching libass: ffmpeg reads the subtitle file into text, not tags', async () => {
    const typed = '<font size="90000">big</font> {\\fs300}x {\\p1}m 0 0 l 9000 9000 C:\\New <b>'
    const p = plan({ subtitles: { cues: [{ start: 0, end: 1, text: typed }], size: 12, color: '#ffffff', outlineColor: '#000000', outline: 2, position: 'bottom' } })
    const dir = mkdtempSync(join(tmpdir(), 'subtitle-markup-'))
    try {
      writeFileSync(join(dir, 'typed.srt'), subtitleFileText(p))
      await runFfmpeg(['-i', join(dir, 'typed.srt'), join(dir, 'typed.ass')])
      const dialogue = readFileSync(join(dir, 'typed.ass'), 'utf8').split('\n').find((line) => line.startsWith('Dialogue:'))!
      const text = dialogue.split(',').slice(9).join(',').trim()
      // Our own placement tag is the only tag; the rest reads as typed once the escapes and zero-width spaces are taken out.
      expect(text.match(/\{\\[a-z]/g)).toEqual(['{\\a'])
      expect(text.replace(/\u200b/g, '').replace(/\\([{}])/g, '$1').replace('{\\an2}', '')).toBe(typed)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('escapes a subtitle path for the filter, then for the graph', () => {
    expect(escapeFilterValue("/tmp/it's a:b [1],c;d\\e")).toBe("/tmp/it\\\\\\'s a\\\\:b \\[1\\]\\,c\\;d\\\\\\\\e")
  })

  it('loops the music to the clip\'s length, fades it and mixes it under without lowering the rest', () => {
    const args = clipArgs(plan({ bgm: { path: '/in/music.mp3', volume: 0.4, fadeInSeconds: 1, fadeOutSeconds: 2 }, voiceOver: { path: '/in/voice.wav', volume: 1.5 } }))
    expect(args.slice(10, 16)).toEqual(['-stream_loop', '-1', '-t', '8', '-i', '/in/music.mp3'])
    const graph = after(args, '-filter_complex')
    expect(graph).toContain('[2:a]atrim=duration=8,asetpts=PTS-STARTPTS,aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=0.4,afade=t=in:st=0:d=1,afade=t=out:st=6:d=2[bgm]')
    expect(graph).toContain('[3:a]asetpts=PTS-STARTPTS,aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=1.5[voice]')
    expect(graph).toContain('[ajoin][bgm][voice]amix=inputs=3:duration=first:dropout_transition=0:normalize=0[amix]')
  })

  it('copies streams only when whole, alike, already the right shape and rate, with nothing added', () => {
    const whole = plan({ segments: [{ path: '/a.mp4', info: video() }, { path: '/b.mp4', info: video() }] })
    expect(canStreamCopy(whole)).toBe(true)
    expect(canStreamCopy({ ...whole, shape: '9:16' })).toBe(false)
    expect(canStreamCopy({ ...whole, fps: 30 })).toBe(false)
    expect(canStreamCopy(plan())).toBe(false)
    expect(canStreamCopy({ ...whole, transition: { kind: 'fade', seconds: 0.5 } })).toBe(false)
    expect(canStreamCopy({ ...whole, transition: { kind: 'none', seconds: 0.5 } })).toBe(true)
    expect(canStreamCopy({ ...whole, bgm: { path: '/m.mp3', volume: 1, fadeInSeconds: 0, fadeOutSeconds: 0 } })).toBe(false)
    expect(canStreamCopy({ ...whole, segments: [whole.segments[0]!, { path: '/c.mp4', info: video({ fps: 30 }) }] })).toBe(false)
    expect(canStreamCopy({ ...whole, segments: [whole.segments[0]!, { path: '/c.mp4', info: video({ audioCodec: null }) }] })).toBe(false)
    expect(canStreamCopy({ ...whole, segments: [whole.segments[0]!, { path: '/c.mp4', info: video({ videoCodec: 'vp9' }) }] })).toBe(false)
  })
})

describe('segments covering a voice-over', () => {
  const four = { path: 'a.mp4', info: video({ duration: 4 }) }
  const two = { path: 'b.mp4', info: video({ duration: 2 }), start: 0.5 }

  it('plays the segments again from the first, the last piece cut to what is left', () => {
    const covered = segmentsCovering({ segments: [four, two] }, 9.5)
    expect(covered.map((s) => [s.path, s.start ?? 0, s.end])).toEqual([['a.mp4', 0, undefined], ['b.mp4', 0.5, undefined], ['a.mp4', 0, 4]])
    expect(clipDuration({ segments: covered })).toBeCloseTo(9.5, 3)
  })

  it('holds the last frame for less than a second left over, and reads no further into the source', () => {
    const covered = segmentsCovering({ segments: [four, two] }, 5.9)
    expect(covered).toHaveLength(2)
    expect(covered[1]!.hold).toBeCloseTo(0.4, 3)
    expect(clipDuration({ segments: covered })).toBeCloseTo(5.9, 3)
    const args = clipArgs(plan({ segments: covered }))
    // The source is read for its 1.5 s; the graph shows it for 1.9 s, its last frame held.
    const input = args.findIndex((a) => a.endsWith('b.mp4'))
    expect(args.slice(input - 5, input)).toEqual(['-ss', '0.5', '-t', '1.5', '-i'])
    expect(after(args, '-filter_complex')).toContain('tpad=stop=-1:stop_mode=clone,trim=duration=1.9[v1]')
  })

  it('keeps the transition every join uses, counting what each overlaps', () => {
    const transition = { kind: 'fade' as const, seconds: 0.5 }
    const covered = segmentsCovering({ segments: [four, two], transition }, 9)
    expect(transitionSeconds({ segments: covered, transition })).toBe(0.5)
    expect(clipDuration({ segments: covered, transition })).toBeCloseTo(9, 3)
  })

  it('leaves segments long enough as they are', () => {
    expect(segmentsCovering({ segments: [four, two] }, 3)).toEqual([four, two])
  })
})
