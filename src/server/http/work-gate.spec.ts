import { describe, expect, it } from 'vitest'
import { AppError } from '../errors/AppError'
import { answerCache, workGate } from './work-gate'

describe('workGate', () => {
  it('runs two at once, lets four wait their turn in order, and refuses the rest at once', async () => {
    const gate = workGate(() => 2, 4)
    const release: (() => void)[] = []
    const started: number[] = []
    const runs = Array.from({ length: 8 }, (_, i) =>
      gate.run(async () => {
        started.push(i)
        await new Promise<void>((resolve) => release.push(resolve))
        return i
      }).catch((error: unknown) => error),
    )
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(started).toEqual([0, 1])
    const refused = await Promise.all(runs.slice(6))
    expect(refused.map((e) => (e as AppError).code)).toEqual(['BUSY', 'BUSY'])
    for (let done = 0; done < 6; done++) {
      release[done]!()
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    expect(await Promise.all(runs.slice(0, 6))).toEqual([0, 1, 2, 3, 4, 5])
    expect(started).toEqual([0, 1, 2, 3, 4, 5])
  })

  it('frees its slot when the work fails, and refuses with the refusal it was given', async () => {
    const gate = workGate(() => 1, 0, 'UPLOADS_BUSY')
    await expect(gate.run(() => Promise.reject(new Error('espeak-ng died')))).rejects.toThrow('espeak-ng died')
    expect(await gate.run(async () => 'next')).toBe('next')
    let release = () => {}
    const running = gate.run(() => new Promise<void>((resolve) => (release = resolve)))
    await expect(gate.run(async () => 'over')).rejects.toMatchObject({ code: 'UPLOADS_BUSY' })
    release()
    await running
  })
})

describe('answerCache', () => {
  it('keeps the most recently used answers within its entries and bytes', () => {
    const cache = answerCache(2, 10)
    cache.set('a', Buffer.from('aaaa'))
    cache.set('b', Buffer.from('bbbb'))
    expect(cache.get('a')?.toString()).toBe('aaaa')
    cache.set('c', Buffer.from('cccc'))
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map((v) => v?.toString())).toEqual(['aaaa', undefined, 'cccc'])
    cache.set('d', Buffer.from('dddddddd'))
    expect([cache.get('a'), cache.get('c'), cache.get('d')].map((v) => v?.toString())).toEqual([undefined, undefined, 'dddddddd'])
    cache.set('huge', Buffer.alloc(11))
    expect(cache.get('huge')).toBeUndefined()
  })
})
