import { describe, expect, it } from 'vitest'
import { mediaKindOf } from './media-kind'

describe('how a stored file is played', () => {
  it.each([
    ['/uploads/2026/03/a.mp4', undefined, 'video'],
    ['/uploads/2026/03/a.MOV?x=1', undefined, 'video'],
    ['/uploads/a.m4a', undefined, 'audio'],
    ['https://cdn.example.com/b.webp#top', undefined, 'image'],
    ['/uploads/a.bin', 'audio', 'audio'],
    ['/uploads/a.mp4', 'mixed_cut', 'video'],
    ['/uploads/a', undefined, undefined],
    ['/uploads/a.txt', undefined, undefined],
  ])('%s (kind %s) is %s', (url, kind, expected) => {
    expect(mediaKindOf(url, kind)).toBe(expected)
  })
})
