/**
 * Every transition of ffmpeg's xfade filter as Debian 12's ffmpeg 5.1 has it ("custom", which
 * needs expressions of its own, left out). schemas/shared/media.json offers the same names,
 * with "none" and "random"; a test holds the three lists together.
 */
export const XFADE_TRANSITIONS = [
  'fade', 'fadeblack', 'fadewhite', 'fadegrays', 'fadefast', 'fadeslow', 'dissolve', 'distance',
  'wipeleft', 'wiperight', 'wipeup', 'wipedown', 'wipetl', 'wipetr', 'wipebl', 'wipebr',
  'slideleft', 'slideright', 'slideup', 'slidedown', 'smoothleft', 'smoothright', 'smoothup', 'smoothdown',
  'circlecrop', 'rectcrop', 'circleopen', 'circleclose', 'radial', 'vertopen', 'vertclose', 'horzopen', 'horzclose',
  'diagtl', 'diagtr', 'diagbl', 'diagbr', 'hlslice', 'hrslice', 'vuslice', 'vdslice',
  'pixelize', 'hblur', 'squeezeh', 'squeezev', 'zoomin',
] as const

export type XfadeTransition = (typeof XFADE_TRANSITIONS)[number]

/** What a form may ask for: one of them, none, or a different one at each join. */
export type TransitionChoice = XfadeTransition | 'none' | 'random'

/**
 * The transition of each of `joins` joins: the one asked for at every join, or for "random" one
 * drawn at each, never the same twice in a row. "none" is no transition at all.
 */
export function transitionsAt(choice: TransitionChoice, joins: number, random: () => number): XfadeTransition[] | 'none' {
  if (choice === 'none' || joins <= 0) return 'none'
  if (choice !== 'random') return Array.from({ length: joins }, () => choice)
  const picked: XfadeTransition[] = []
  for (let i = 0; i < joins; i++) {
    const pool = XFADE_TRANSITIONS.filter((t) => t !== picked.at(-1))
    picked.push(pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))]!)
  }
  return picked
}
