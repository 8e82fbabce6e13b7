import { describe, expect, it } from 'vitest'
import { returnedFrom } from './returned'

describe('what the platform round trip brought back', () => {
  it('reads an added account', () => {
    expect(returnedFrom('?link=1.x&result=ok&platform=douyin&account=Tea%20shop')).toEqual({ result: 'ok', platform: 'douyin', account: 'Tea shop' })
  })
  it('reads a refusal the server names, and nothing else', () => {
    expect(returnedFrom('?link=1.x&result=browser')).toEqual({ result: 'browser' })
    expect(returnedFrom('?link=1.x&result=<script>')).toBeNull()
    expect(returnedFrom('?link=1.x')).toBeNull()
  })
})
