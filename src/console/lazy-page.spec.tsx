import { Suspense } from 'react'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lazyPage } from './lazy-page'

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>
}

function mount(Page: React.ComponentType<{ name: string }>) {
  return render(
    <Suspense fallback={<p>loading</p>}>
      <Page name="admin" />
    </Suspense>,
  )
}

afterEach(cleanup)

describe('lazyPage', () => {
  it('renders a preloaded page in the first pass, without its fallback', async () => {
    const load = vi.fn(async () => ({ default: Hello }))
    const Page = lazyPage(load)
    await Page.preload()
    mount(Page)
    expect(screen.getByText('Hello admin')).toBeTruthy()
    expect(screen.queryByText('loading')).toBeNull()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('suspends like React.lazy when its code has not arrived, and loads it once', async () => {
    let arrive!: (m: { default: typeof Hello }) => void
    const load = vi.fn(() => new Promise<{ default: typeof Hello }>((resolve) => (arrive = resolve)))
    const Page = lazyPage(load)
    mount(Page)
    expect(screen.getByText('loading')).toBeTruthy()
    void Page.preload()
    await act(async () => arrive({ default: Hello }))
    expect(await screen.findByText('Hello admin')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ default: Hello })
    const Page = lazyPage(load)
    await expect(Page.preload()).rejects.toThrow('offline')
    await Page.preload()
    mount(Page)
    expect(screen.getByText('Hello admin')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(2)
  })
})
