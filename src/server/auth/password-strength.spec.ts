import { describe, expect, it } from 'vitest'
import { passwordWeakness } from './password-strength'

describe('passwordWeakness', () => {
  it.each([
    ['12345678', 'shop', 'PASSWORD_ONE_KIND'],
    ['abcdefghij', 'shop', 'PASSWORD_ONE_KIND'],
    ['!@#$%^&*', 'shop', 'PASSWORD_ONE_KIND'],
    ['aaaa1111', 'shop', 'PASSWORD_REPETITIVE'],
    ['abab1212', 'shop', 'PASSWORD_REPETITIVE'],
    ['AaAa1111', 'shop', 'PASSWORD_REPETITIVE'],
    ['shop2024!', 'shop', 'PASSWORD_HAS_USERNAME'],
    ['MyShop-secret', 'SHOP', 'PASSWORD_HAS_USERNAME'],
    ['Password1', 'shop', 'PASSWORD_COMMON'],
    ['1qaz2wsx', 'shop', 'PASSWORD_COMMON'],
    ['woaini1314', 'shop', 'PASSWORD_COMMON'],
  ] as const)('refuses %j for %j: %s', (password, username, why) => {
    expect(passwordWeakness(password, username)).toBe(why)
  })

  it.each([
    ['correct horse battery', 'shop'],
    ['Tea-leaf 42', 'shop'],
    ['9x7k2m4p', 'shop'],
    ['茶叶店2024年开张', 'shop'],
    // A name of two characters turns up in passwords by chance: it is not held against them.
    ['ab-horse 12', 'ab'],
  ])('accepts %j for %j', (password, username) => {
    expect(passwordWeakness(password, username)).toBeUndefined()
  })
})
