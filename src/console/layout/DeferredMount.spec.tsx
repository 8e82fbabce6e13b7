import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { DeferredMount } from './DeferredMount'

const hosts: HTMLElement[] = []
afterEach(() => hosts.splice(0).forEach((host) => host.remove()))

describe('DeferredMount', () => {
  it('answers the render that reveals it with its fallback, and builds its children in a render of their own', async () => {
    const host = document.body.appendChild(document.createElement('div'))
    hosts.push(host)
    const root = createRoot(host)
    let built = 0
    function Page() {
      built++
      return <p>page</p>
    }
    // An update React must finish at once, as a refine check's end is.
    flushSync(() =>
      root.render(
        <DeferredMount fallback={<p>waiting</p>}>
          <Page />
        </DeferredMount>,
      ),
    )
    expect([host.textContent, built]).toEqual(['waiting', 0])
    await expect.poll(() => host.textContent).toBe('page')
    expect(built).toBeGreaterThan(0)
    root.unmount()
  })

  it('shows nothing in the meantime unless given a fallback', () => {
    const host = document.body.appendChild(document.createElement('div'))
    hosts.push(host)
    const root = createRoot(host)
    flushSync(() => root.render(<DeferredMount>page</DeferredMount>))
    expect(host.textContent).toBe('')
    root.unmount()
  })
})
