import { useState } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DeferredAntdApp } from './DeferredAntdApp'
import { useWithApp } from './app-feedback'

afterEach(cleanup)

function Page() {
  const withApp = useWithApp()
  const [typed, setTyped] = useState('')
  return (
    <>
      <input aria-label="name" value={typed} onChange={(event) => setTyped(event.target.value)} />
      <button type="button" onClick={() => ['first', 'second'].forEach((text) => withApp(({ message }) => void message.info(text)))}>
        tell
      </button>
    </>
  )
}

describe('DeferredAntdApp', () => {
  it("loads antd's App with the first message, shows what was asked before it came in order, and keeps the page as it was", async () => {
    render(
      <DeferredAntdApp>
        <Page />
      </DeferredAntdApp>,
    )
    fireEvent.change(screen.getByLabelText('name'), { target: { value: 'kept' } })
    expect(document.querySelector('.ant-message')).toBeNull()

    fireEvent.click(screen.getByText('tell'))
    // The App's code is imported on that first message.
    const notices = await screen.findAllByText(/^(first|second)$/, {}, { timeout: 10_000 })
    expect(notices.map((n) => n.textContent)).toEqual(['first', 'second'])
    expect(screen.getByLabelText('name')).toHaveProperty('value', 'kept')

    fireEvent.click(screen.getByText('tell'))
    expect(await screen.findAllByText('first')).toHaveLength(2)
  })

  it('says what is missing when nothing above gives the App', () => {
    expect(() => render(<Page />)).toThrow(/useWithApp needs AntdAppWithFeedback or DeferredAntdApp above it/)
  })
})
