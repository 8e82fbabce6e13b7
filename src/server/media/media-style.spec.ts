import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { installedFonts, isInstalledFont } from './installed-fonts'
import { subtitleStyle, titleOf, transitionOf } from './media-style'

describe('the video-making forms\' styles as the media layer draws them', () => {
  it('offers the fonts installed here, the Noto fonts the README\'s packages bring first, named in both languages', async () => {
    const media = JSON.parse(readFileSync('schemas/shared/media.json', 'utf8')) as { $defs: { subtitle_style: { properties: { font: { default: string } } } } }
    const fonts = await installedFonts()
    expect(fonts.slice(0, 3).map((f) => [f.family, f.label['zh-CN']])).toEqual([['Noto Sans CJK SC', '思源黑体'], ['Noto Serif CJK SC', '思源宋体'], ['Noto Sans Mono CJK SC', '思源等宽']])
    expect(await isInstalledFont(media.$defs.subtitle_style.properties.font.default)).toBe(true)
    expect(await isInstalledFont('No Such Family')).toBe(false)
  })

  it('maps a form\'s subtitle style, title and transition', () => {
    expect(subtitleStyle(undefined)).toEqual({ font: 'Noto Sans CJK SC', size: 48, color: '#ffffff', outlineColor: '#000000', outline: 2, position: 'bottom' })
    expect(subtitleStyle({ font: 'material:3' }, { family: 'Uploaded', file: '/work/fonts/u.ttf' }).font).toBe('Uploaded')
    expect(subtitleStyle({ position: 'custom', height_percent: 30, box: true, box_opacity: 0.4 })).toMatchObject({ position: 'custom', heightPercent: 30, box: { color: '#000000', opacity: 0.4 } })
    expect(titleOf({ text: '  ' })).toBeUndefined()
    expect(titleOf({ text: ' 新品 ' }, 'Noto Serif CJK SC')).toEqual({ text: '新品', seconds: 3, size: 72, color: '#ffffff', font: 'Noto Serif CJK SC' })
    expect(transitionOf('none', 0.5, 3)).toBeUndefined()
    expect(transitionOf('fade', 0.7, 1)).toBeUndefined()
    expect(transitionOf('zoomin', undefined, 3)).toEqual({ kind: ['zoomin', 'zoomin'], seconds: 0.5 })
  })
})
