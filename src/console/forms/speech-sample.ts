/** What a voice says when heard without a sentence of one's own, in the voice's language. */
const SAMPLE = { zh: '你好，欢迎观看这段视频。', en: 'Hello, and welcome to this video.' } as const

/** The sample sentence for a voice of this language ("en", "en-us", "en-US", "zh", "cmn"): English or Chinese. */
export function speechSample(language: unknown): string {
  return typeof language === 'string' && language.startsWith('en') ? SAMPLE.en : SAMPLE.zh
}
