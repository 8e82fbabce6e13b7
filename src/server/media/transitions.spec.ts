import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runProcess } from './run-ffmpeg'
import { mediaCommands } from './tools'
import { transitionsAt, XFADE_TRANSITIONS } from './transitions'

describe('transitions', () => {
  it('are what the forms offer, and every one is a transition the installed ffmpeg knows', async () => {
    const media = JSON.parse(readFileSync('schemas/shared/media.json', 'utf8')) as { $defs: { transition: { enum: string[]; 'x-enum-labels': unknown[] } } }
    expect(media.$defs.transition.enum).toEqual(['none', 'random', ...XFADE_TRANSITIONS])
    expect(media.$defs.transition['x-enum-labels']).toHaveLength(media.$defs.transition.enum.length)
    const { stdout } = await runProcess(mediaCommands().ffmpeg, ['-hide_banner', '-h', 'filter=xfade'])
    const known = new Set([...stdout.matchAll(/^\s+(\w+)\s+-?\d+\s/gm)].map((m) => m[1]))
    expect(XFADE_TRANSITIONS.filter((t) => !known.has(t))).toEqual([])
  })

  it('gives each join the one asked for, none for none, and for random one drawn at each join, never twice in a row', () => {
    expect(transitionsAt('wipeup', 3, Math.random)).toEqual(['wipeup', 'wipeup', 'wipeup'])
    expect(transitionsAt('none', 3, Math.random)).toBe('none')
    expect(transitionsAt('fade', 0, Math.random)).toBe('none')
    const drawn = transitionsAt('random', 200, Math.random) as string[]
    expect(drawn).toHaveLength(200)
    expect(drawn.every((t, i) => i === 0 || t !== drawn[i - 1])).toBe(true)
    expect(new Set(drawn).size).toBeGreaterThan(20)
  })
})
