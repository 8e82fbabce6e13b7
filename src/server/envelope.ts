/** The platform's response envelope: code 1 is success; people read msg. */
export interface Envelope<T = unknown> {
  code: number
  msg: string
  time: number
  data: T
}

export function envelope<T>(code: number, msg: string, data: T, now: Date): Envelope<T> {
  return { code, msg, time: Math.floor(now.getTime() / 1000), data }
}
