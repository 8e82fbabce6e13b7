import { beforeEach, describe, expect, it } from 'vitest'
import { createTokenStore, OVERSTEP_KEY, TOKEN_KEY } from './token-store'

/** What the server says of an overstep opening, as the console keeps it beside the token. */
const OPENING = { opened_by: { id: 3, username: 'north' }, expires_at: '2026-01-01T02:00:00.000Z' }

let session: Storage
let local: Storage
beforeEach(() => {
  session = new Storage()
  local = new Storage()
})

describe('createTokenStore', () => {
  it('reads nothing when neither storage holds a token', () => {
    const tokens = createTokenStore({ session, local })
    expect(tokens.read()).toBeNull()
    expect(tokens.hasOverstepToken()).toBe(false)
  })

  it('keeps a remembered login token in local storage only, and reads it back', () => {
    const tokens = createTokenStore({ session, local })
    tokens.saveLogin('login-token', true)
    expect(local.getItem(TOKEN_KEY)).toBe('login-token')
    expect(session.length).toBe(0)
    expect(tokens.read()).toBe('login-token')
    expect(tokens.hasOverstepToken()).toBe(false)
  })

  it('keeps a login token that is not remembered in session storage only, where it ends with the browser session', () => {
    const tokens = createTokenStore({ session, local })
    tokens.saveLogin('login-token', false)
    expect(session.getItem(TOKEN_KEY)).toBe('login-token')
    expect(local.length).toBe(0)
    expect(tokens.read()).toBe('login-token')
    expect(tokens.hasOverstepToken()).toBe(false)
  })

  it('replaces whatever token was kept when a login is saved, in either storage', () => {
    const tokens = createTokenStore({ session, local })
    tokens.saveLogin('remembered', true)
    tokens.saveOverstep('overstep-token', OPENING)
    tokens.saveLogin('not-remembered', false)
    expect([local.getItem(TOKEN_KEY), session.getItem(TOKEN_KEY), tokens.hasOverstepToken()]).toEqual([null, 'not-remembered', false])
    tokens.saveLogin('remembered-again', true)
    expect([local.getItem(TOKEN_KEY), session.getItem(TOKEN_KEY)]).toEqual(['remembered-again', null])
  })

  it('keeps an overstep token in session storage only, marked as one', () => {
    const tokens = createTokenStore({ session, local })
    tokens.saveOverstep('overstep-token', OPENING)
    expect(session.getItem(TOKEN_KEY)).toBe('overstep-token')
    expect(JSON.parse(session.getItem(OVERSTEP_KEY)!)).toEqual(OPENING)
    expect(local.length).toBe(0)
    expect(tokens.read()).toBe('overstep-token')
    expect(tokens.hasOverstepToken()).toBe(true)
  })

  it('keeps what an overstep opening said beside its token, and forgets it with the token', () => {
    const tokens = createTokenStore({ session, local })
    const opening = { opened_by: { id: 3, username: 'north' }, expires_at: '2026-01-01T02:00:00.000Z' }
    tokens.saveLogin('login-token', true)
    expect(tokens.overstepOpening()).toBeNull()
    tokens.saveOverstep('overstep-token', opening)
    expect(tokens.overstepOpening()).toEqual(opening)
    expect(local.getItem(OVERSTEP_KEY)).toBeNull()
    // Only with its token: a tab whose session token is gone shows no opening.
    session.removeItem(TOKEN_KEY)
    expect(tokens.overstepOpening()).toBeNull()
    tokens.saveOverstep('overstep-token', opening)
    tokens.clear()
    expect(session.getItem(OVERSTEP_KEY)).toBeNull()
    session.setItem(TOKEN_KEY, 'overstep-token')
    expect(tokens.overstepOpening()).toBeNull()
  })

  it('reads session storage first, then local storage (spec §4)', () => {
    const tokens = createTokenStore({ session, local })
    tokens.saveLogin('login-token', true)
    tokens.saveOverstep('overstep-token', OPENING)
    expect(tokens.read()).toBe('overstep-token')
    session.removeItem(TOKEN_KEY)
    expect(tokens.read()).toBe('login-token')
  })

  it('treats an empty session value as no session token', () => {
    const tokens = createTokenStore({ session, local })
    session.setItem(TOKEN_KEY, '')
    local.setItem(TOKEN_KEY, 'login-token')
    expect(tokens.read()).toBe('login-token')
    expect(tokens.hasOverstepToken()).toBe(false)
  })

  it('clears the token from both storages and leaves other keys alone', () => {
    const tokens = createTokenStore({ session, local })
    tokens.saveLogin('login-token', true)
    tokens.saveOverstep('overstep-token', OPENING)
    local.setItem('arco-locale', 'en-US')
    tokens.clear()
    expect(tokens.read()).toBeNull()
    expect(session.getItem(TOKEN_KEY)).toBeNull()
    expect(session.getItem(OVERSTEP_KEY)).toBeNull()
    expect(local.getItem(TOKEN_KEY)).toBeNull()
    expect(local.getItem('arco-locale')).toBe('en-US')
  })

  it('uses the browser storages by default', () => {
    sessionStorage.clear()
    localStorage.clear()
    const tokens = createTokenStore()
    tokens.saveLogin('login-token', true)
    tokens.saveOverstep('overstep-token', OPENING)
    expect(localStorage.getItem(TOKEN_KEY)).toBe('login-token')
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('overstep-token')
    tokens.clear()
    expect(localStorage.length + sessionStorage.length).toBe(0)
  })
})
