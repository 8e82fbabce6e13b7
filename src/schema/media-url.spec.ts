import { describe, expect, it } from 'vitest'
import { isMediaUrl } from './media-url'

describe('isMediaUrl: what a stored logo, avatar or link may hold', () => {
  it.each([
    ['', 'no file'],
    ['https://cdn.example.com/logo.png', 'an https address'],
    ['HTTPS://cdn.example.com/a/b.png?v=2#top', 'an upper-case scheme, a query and a fragment'],
    ['http://127.0.0.1:9000/bucket/2026-11/ab12.png', 'an S3-compatible server by address and port'],
    ['https://例子.中国/徽标.png', 'an international host and path'],
    ['/uploads/2026-11/0123456789abcdef0123456789abcdef.png', 'a file this server stores'],
  ])('accepts %j (%s)', (value) => {
    expect(isMediaUrl(value)).toBe(true)
  })

  it.each([
    ['javascript:alert(1)', 'a script'],
    ['JavaScript:alert(1)', 'a script in mixed case'],
    ['data:image/svg+xml;base64,PHN2Zz4=', 'inline data'],
    ['vbscript:msgbox(1)', 'a VBScript'],
    ['//evil.example/logo.png', 'a protocol-relative address'],
    ['https:evil.example/logo.png', 'a scheme without its slashes'],
    ['https:/evil.example', 'a scheme with one slash'],
    ['https://', 'a scheme alone'],
    [' https://cdn.example.com/logo.png', 'a leading space'],
    ['https://cdn.example.com/logo.png\n', 'a trailing line break'],
    ['java\tscript:alert(1)', 'a tab inside the scheme'],
    ['java\u0000script:alert(1)', 'a NUL inside the scheme'],
    ['\u200bjavascript:alert(1)', 'a zero-width space in front'],
    ['https://cdn.example.com/a b.png', 'a space in the path'],
    ['https:\\\\evil.example', 'backslashes'],
    ['https://trusted.example@evil.example/logo.png', 'credentials that hide the real host'],
    ['ftp://files.example.com/logo.png', 'another scheme'],
    ['logo.png', 'a relative path'],
    ['/api/v1/platform/logout', 'a path of this server that is not an upload'],
    ['/uploads/../data/console.sqlite', 'a path out of the uploads'],
    ['/uploads/2026-11/.hidden', 'a hidden file'],
    ['/uploads//evil.example/x.png', 'an empty segment'],
    ['/uploads/', 'the folder itself'],
  ])('refuses %j (%s)', (value) => {
    expect(isMediaUrl(value)).toBe(false)
  })
})
