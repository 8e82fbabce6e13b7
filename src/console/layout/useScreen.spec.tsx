import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { useScreenAtLeast } from './useScreen'

const happyDOM = (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM

const hosts: HTMLElement[] = []
afterEach(() => {
  hosts.splice(0).forEach((host) => host.remove())
  // happy-dom's own size, for the files that share this window.
  happyDOM.setViewport({ width: 1024, height: 768 })
})

describe('useScreenAtLeast', () => {
  it("answers from antd's breakpoints in the first render, and again as the window crosses one", async () => {
    // Narrow first: happy-dom's media query list takes its first state as "not matching", and tells no change away from it.
    happyDOM.setViewport({ width: 390, height: 800 })
    const host = document.body.appendChild(document.createElement('div'))
    hosts.push(host)
    const root = createRoot(host)
    const seen: boolean[] = []
    function Probe() {
      seen.push(useScreenAtLeast('md'))
      return null
    }
    await act(async () => root.render(<Probe />))
    // One render, already right: no second one before the paint (Grid.useBreakpoint's first answer is empty).
    expect(seen).toEqual([false])
    await act(async () => happyDOM.setViewport({ width: 768, height: 800 }))
    expect(seen.at(-1)).toBe(true)
    await act(async () => happyDOM.setViewport({ width: 767, height: 800 }))
    expect(seen.at(-1)).toBe(false)
    root.unmount()
  })
})
