import type { Locale, TaskKindDef, TaskLimit } from '../../schema/types'
import { AppError } from '../errors/AppError'
import { readGroup } from '../settings/settings-store'
import type { Services } from '../services'

/** What a submission will make, as its handler measures it from its input and the materials it names. */
export interface WorkSize {
  /** The longest of its videos, in seconds. */
  output_seconds: number
  variants: number
  width: number
  height: number
}

/** A kind's limits with the business rules they name read now. */
export interface Limits {
  outputSeconds?: number
  variants?: number
  pixelSeconds?: number
  runMinutes: number
}

/** Reads the business rules a kind's limits name (one read of each group named). */
export async function limitsOf(services: Services, kind: TaskKindDef): Promise<Limits> {
  const entries = await Promise.all(Object.entries(kind.limits).map(async ([name, limit]) => [name, await valueOf(services, limit as TaskLimit)] as const))
  return Object.fromEntries(entries) as unknown as Limits
}

export async function valueOf(services: Services, limit: number | { setting: string }): Promise<number> {
  if (typeof limit === 'number') return limit
  const [groupName, key] = limit.setting.split('.') as [string, string]
  const group = services.registry.configGroups.get(groupName)!
  return Number((await readGroup(services, group))[key])
}

const PIXELS_1080P = 1920 * 1080

/** Refuses a size over one of the limits, naming the limit; the refusal points at `at` (a batch's input). */
export function checkSize(limits: Limits, size: WorkSize, locale: Locale, at = ''): void {
  const refuse = (code: 'TASK_TOO_LONG' | 'TASK_TOO_MANY_VIDEOS' | 'TASK_TOO_LARGE', params: Record<string, string | number>) => {
    throw new AppError(code, params, at ? [{ path: at, message: new AppError(code, params).messageIn(locale) }] : undefined)
  }
  if (limits.outputSeconds !== undefined && size.output_seconds > limits.outputSeconds) refuse('TASK_TOO_LONG', { seconds: round(size.output_seconds), limit: limits.outputSeconds })
  if (limits.variants !== undefined && size.variants > limits.variants) refuse('TASK_TOO_MANY_VIDEOS', { count: size.variants, limit: limits.variants })
  if (limits.pixelSeconds !== undefined && pixelSeconds(size) > limits.pixelSeconds) {
    refuse('TASK_TOO_LARGE', { minutes: round(pixelSeconds(size) / PIXELS_1080P / 60), limit: round(limits.pixelSeconds / PIXELS_1080P / 60) })
  }
}

/** Started minutes over all its videos: what a cost "per outputMinute" counts. */
export function outputMinutes(size: WorkSize): number {
  return size.variants * Math.ceil(size.output_seconds / 60)
}

const pixelSeconds = (size: WorkSize) => size.width * size.height * size.output_seconds * size.variants

const round = (n: number) => Math.round(n * 10) / 10

/** A task's stored size, or undefined for a kind that measures nothing (stored as {}). */
export function measured(stored: unknown): WorkSize | undefined {
  const size = typeof stored === 'string' ? (JSON.parse(stored) as unknown) : stored
  return size && typeof size === 'object' && 'output_seconds' in size ? (size as WorkSize) : undefined
}
