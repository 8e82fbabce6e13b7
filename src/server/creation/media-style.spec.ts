import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runProcess } from '../media/run-ffmpeg'
import { subtitleStyle, titleOf, transitionOf } from './media-style'

describe('the video-making forms\' styles as the media layer draws them', () => {
  it('offers only fonts the README\'s packages install', async () => {
    const media = JSON.parse(readFileSync('schemas/shared/media.json', 'utf8')) as { $defs: { subtitle_style: { properties: { font: { enum: string[] } } } } }
    const { stdout } = await runProcess('fc-list', [':', 'family'])
    const installed = new Set(stdout.split('\n').flatMap((line) => line.split(',')).map((f) => f.trim()))
    expect(media.$defs.subtitle_style.properties.font.enum.filter((font) => !installed.has(font))).toEqual([])
  })

  it('maps a form\'s subtitle style, title and transition', () => {
    expect(subtitleStyle(undefined)).toEqual({ font: 'Noto Sans CJK SC', size: 48, color: '#ffffff', outlineColor: '#000000', outline: 2, position: 'bottom' })
    expect(subtitleStyle({ position: 'custom', height_percent: 30, box: true, box_opacity: 0.4 })).toMatchObject({ position: 'custom', heightPercent: 30, box: { color: '#000000', opacity: 0.4 } })
    expect(titleOf({ text: '  ' })).toBeUndefined()
    expect(titleOf({ text: ' 新品 ' }, 'Noto Serif CJK SC')).toEqual({ text: '新品', seconds: 3, size: 72, color: '#ffffff', font: 'Noto Serif CJK SC' })
    expect(transitionOf('none', 0.5, 3)).toBeUndefined()
    expect(transitionOf('fade', 0.7, 1)).toBeUndefined()
    expect(transitionOf('zoomin', undefined, 3)).toEqual({ kind: ['zoomin', 'zoomin'], seconds: 0.5 })
  })
})
