import type { Locale } from '../../schema/types'
import { fieldError, type AppError } from '../errors/AppError'
import { listIds } from '../engine/generic/record-scope'

export const UNUSED = 0
export const USED = 1

/** The cards a transfer names: ids (with the field that named them), or part or all of a batch. */
export type Selection = { ids: number[]; path: string } | { batchNo: string; quantity?: number }

/** One card (a row), a list, or part or all of a batch: exactly one of these, and a quantity only with a batch. */
export function selectionOf(body: { id?: number; ids?: number[]; batch_no?: string; quantity?: number }, locale: Locale): Selection {
  const { id, ids, batch_no: batchNo, quantity } = body
  const ways = [id !== undefined, ids !== undefined, batchNo !== undefined].filter(Boolean).length
  if (ways !== 1 || (quantity !== undefined && batchNo === undefined)) throw fieldError('CARD_SELECTION', batchNo === undefined && quantity !== undefined ? '/quantity' : '/ids', locale)
  if (id !== undefined) return { ids: [id], path: '/id' }
  if (ids !== undefined) return { ids, path: '/ids' }
  return { batchNo: batchNo!, quantity }
}

export type UsedCode = 'CARD_USED_NO_TRANSFER' | 'CARD_USED_NO_DELETE'

/** Why cards the caller named may not be moved or deleted (held: the status of each it holds), or nothing when all are its own and unused. */
export function heldUnusedRefusal(ids: number[], held: ReadonlyMap<number, number>, path: string, usedCode: UsedCode, locale: Locale): AppError | undefined {
  const notHeld = ids.filter((id) => !held.has(id))
  if (notHeld.length) return fieldError('CARD_NOT_HELD', path, locale, { ids: listIds(notHeld) })
  const used = ids.filter((id) => held.get(id) !== UNUSED)
  if (used.length) return fieldError(usedCode, path, locale, { ids: listIds(used) })
  return undefined
}

/** The ids a conditional write did not reach, from the ids it returned. */
export function untouched(ids: number[], done: { id: unknown }[]): number[] {
  const reached = new Set(done.map((row) => Number(row.id)))
  return ids.filter((id) => !reached.has(id))
}

/**
 * Why cards found held and unused were left by the write that followed, from the same cards
 * read again (`now`): each is gone (deleted), passed to another account, or used. The answer
 * names the first of these that any card shows, and those cards. Saying "used" of cards that
 * were only moved sent people looking for a redemption that never happened.
 */
export function untouchedRefusal(
  ids: number[],
  now: ReadonlyMap<number, { holder_id: number; status: number }>,
  callerId: number,
  path: string,
  usedCode: UsedCode,
  locale: Locale,
): AppError {
  const gone = ids.filter((id) => !now.has(id))
  if (gone.length) return fieldError('CARD_GONE', path, locale, { ids: listIds(gone) })
  const moved = ids.filter((id) => now.get(id)!.holder_id !== callerId)
  if (moved.length) return fieldError('CARD_NO_LONGER_HELD', path, locale, { ids: listIds(moved) })
  const used = ids.filter((id) => now.get(id)!.status !== UNUSED)
  return fieldError(usedCode, path, locale, { ids: listIds(used.length ? used : ids) })
}
