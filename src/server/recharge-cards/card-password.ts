import { randomBytes } from 'node:crypto'

/**
 * 32 symbols, so each password character is exactly 5 random bits: A-Z and 2-9 without
 * I, O, 0 and 1, which people misread when they type a card in.
 */
export const CARD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
/** 16 characters: 80 bits, far beyond guessing by calling use_card. */
export const CARD_PASSWORD_LENGTH = 16

/** A fresh card password from the operating system's random source. */
export function generateCardPassword(random: (size: number) => Buffer = randomBytes): string {
  const bytes = random(CARD_PASSWORD_LENGTH)
  let out = ''
  // 256 is a multiple of 32, so keeping the low 5 bits of a byte favours no symbol.
  for (const byte of bytes) out += CARD_ALPHABET[byte & 31]
  return out
}

/** What lists show: the first and last four characters, the rest hidden. */
export function maskCardPassword(password: string): string {
  if (password.length <= 8) return '*'.repeat(password.length)
  return `${password.slice(0, 4)}${'*'.repeat(password.length - 8)}${password.slice(-4)}`
}

/** A password as typed or pasted (spaces, dashes, lower case) as it is stored; null when it cannot be one. */
export function normalizeCardPassword(typed: string): string | null {
  const compact = typed.replace(/[\s-]+/g, '').toUpperCase()
  if (compact.length !== CARD_PASSWORD_LENGTH) return null
  for (const char of compact) if (!CARD_ALPHABET.includes(char)) return null
  return compact
}

/** One batch number per add call: when it was issued (UTC) and 6 random symbols, e.g. 20250114153012-7F3A9C. */
export function newBatchNo(now: Date, random: (size: number) => Buffer = randomBytes): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14)
  return `${stamp}-${generateCardPassword(random).slice(0, 6)}`
}
