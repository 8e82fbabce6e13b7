import { beforeEach, describe, expect, it } from 'vitest'
import { createTokenStore, OVERSTEP_KEY, TOKEN_KEY } from './token-store'

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
    expect(tokens.hasSessionToken()).toBe(false)
  })

  it('keeps a login token in local storage only, and reads it back', () => {
    const tokens = createTokenStore({ session, local })
    tokens.saveLogin('login-token')
    expect(local.getItem(TOKEN_KEY)).toBe('login-token')
    expect(session.length).toBe(0)
    expect(tokens.read()).toBe('login-token')
    expect(tokens.hasSessionToken()).toBe(false)
  })

  it('keeps an overstep token in session storage only', () => {
    const tokens = createTokenStore({ session, local })
    tokens.saveSession('overstep-token')
    expect(session.getItem(TOKEN_KEY)).toBe('overstep-token')
    expect(local.length).toBe(0)
    expect(tokens.read()).toBe('overstep-token')
    expect(tokens.hasSessionToken()).toBe(true)
  })

  it('keeps what an overstep opening said beside its token, and forgets it with the token', () => {
    const tokens = createTokenStore({ session, local })
    const opening = { opened_by: { id: 3, username: 'north' }, expires_at: '2026-01-01T02:00:00.000Z' }
    tokens.saveLogin('login-token')
    expect(tokens.overstepOpening()).toBeNull()
    tokens.saveSession('overstep-token', opening)
    expect(tokens.overstepOpening()).toEqual(opening)
    expect(local.getItem(OVERSTEP_KEY)).toBeNull()
    // Only with its token: a tab whose session token is gone shows no opening.
    session.removeItem(TOKEN_KEY)
    expect(tokens.overstepOpening()).toBeNull()
    tokens.saveSession('overstep-token', opening)
    tokens.clear()
    expect(session.getItem(OVERSTEP_KEY)).toBeNull()
    session.setItem(TOKEN_KEY, 'overstep-token')
    expect(tokens.overstepOpening()).toBeNull()
  })

  it('reads session storage first, then local storage (spec §4)', () => {
    const tokens = createTokenStore({ session, local })
    tokens.saveLogin('login-token')
    tokens.saveSession('overstep-token')
    expect(tokens.read()).toBe('overstep-token')
    session.removeItem(TOKEN_KEY)
    expect(tokens.read()).toBe('login-token')
  })

  it('treats an empty session value as no session token', () => {
    const tokens = createTokenStore({ session, local })
    session.setItem(TOKEN_KEY, '')
    local.setItem(TOKEN_KEY, 'login-token')
    expect(tokens.read()).toBe('login-token')
    expect(tokens.hasSessionToken()).toBe(false)
  })

  it('clears the token from both storages and leaves other keys alone', () => {
    const tokens = createTokenStore({ session, local })
    tokens.saveLogin('login-token')
    tokens.saveSession('overstep-token')
    local.setItem('arco-locale', 'en-US')
    tokens.clear()
    expect(tokens.read()).toBeNull()
    expect(session.getItem(TOKEN_KEY)).toBeNull()
    expect(local.getItem(TOKEN_KEY)).toBeNull()
    expect(local.getItem('arco-locale')).toBe('en-US')
  })

  it('uses the browser storages by default', () => {
    sessionStorage.clear()
    localStorage.clear()
    const tokens = createTokenStore()
    tokens.saveLogin('login-token')
    tokens.saveSession('overstep-token')
    expect(localStorage.getItem(TOKEN_KEY)).toBe('login-token')
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('overstep-token')
    tokens.clear()
    expect(localStorage.length + sessionStorage.length).toBe(0)
  })
})
