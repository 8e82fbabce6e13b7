/** Below this the answer holds nothing a listener would hear: speech peaks tens of dB higher. */
export const SILENT_PEAK_DB = -50

/**
 * About how long the text takes to say at the normal pace: Chinese characters at four and a half
 * a second, other words at two and a half. A rough floor, used only to catch an answer far too
 * short to be the text.
 */
export function expectedSeconds(text: string): number {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0
  const words = text.replace(/\p{Script=Han}/gu, ' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0
  return han / 4.5 + words / 2.5
}

/** Whether the text holds anything to say: a letter or a digit. api_v2 answers silence for the rest. */
export function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text)
}
