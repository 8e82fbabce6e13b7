/**
 * A value (a file path, a style list) made safe inside an ffmpeg filter graph. ffmpeg reads
 * it twice: the graph parser splits filters at , ; [ ] and removes one level of \ and '
 * quoting, then the filter splits its options at : and removes another. So the value is
 * escaped for the filter first and the result again for the graph.
 */
export function escapeFilterValue(value: string): string {
  const forFilter = value.replace(/[\\':]/g, (c) => `\\${c}`)
  return forFilter.replace(/[\\'[\],;]/g, (c) => `\\${c}`)
}
