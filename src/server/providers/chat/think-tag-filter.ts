const OPEN = '<think>'
const CLOSE = '</think>'

export interface ThinkTagFilter {
  /** The part of the next piece of content that is answer; thinking is held back and counted. */
  push(piece: string): string
  /** At the end of the stream: what was held back that turned out to be answer. */
  end(): string
  /**
   * The whole answer, less thinking that ended in a `</think>` never opened: DeepSeek-R1's chat
   * template writes the `<think>` into the prompt, so its output opens with bare thinking that
   * cannot be told from an answer until the tag closes. Those pieces were already passed on as
   * they came; the answer kept is without them.
   */
  settle(text: string): string
  /** Characters of thinking found in the content so far. */
  readonly thought: number
}

/**
 * Thinking a server left in the answer's content: vLLM without `--reasoning-parser` (and any
 * server that does not split reasoning out) streams a reasoning model's `<think>…</think>` as
 * content. The tags may be cut anywhere between two pieces, so a piece that could still be the
 * start of one is held back until the next.
 *
 * ```ts
 * const tags = thinkTagFilter()
 * tags.push('<thi') // ''
 * tags.push('nk>hmm</think>\n\nHello') // 'Hello'
 * ```
 */
export function thinkTagFilter(): ThinkTagFilter {
  let state: 'start' | 'thinking' | 'after' | 'answer' = 'start'
  let held = ''
  let thought = 0
  return {
    get thought() {
      return thought
    },
    push(piece) {
      if (state === 'answer') return piece
      held += piece
      if (state === 'start') {
        const text = held.trimStart()
        if (text.startsWith(OPEN)) {
          state = 'thinking'
          held = text.slice(OPEN.length)
        } else if (OPEN.startsWith(text)) {
          return ''
        } else {
          state = 'answer'
          const answer = held
          held = ''
          return answer
        }
      }
      if (state === 'thinking') {
        const close = held.indexOf(CLOSE)
        if (close < 0) {
          const keep = partialTagAtEnd(held, CLOSE)
          thought += held.length - keep
          held = held.slice(held.length - keep)
          return ''
        }
        thought += close
        held = held.slice(close + CLOSE.length)
        state = 'after'
      }
      // The blank lines a model writes between its thinking and its answer are neither.
      const answer = held.trimStart()
      held = ''
      if (answer === '') return ''
      state = 'answer'
      return answer
    },
    end() {
      const rest = held
      held = ''
      if (state === 'start') return rest
      if (state === 'thinking') thought += rest.length
      return ''
    },
    settle(text) {
      if (thought > 0) return text
      const close = text.indexOf(CLOSE)
      if (close < 0) return text
      thought += close
      return text.slice(close + CLOSE.length).trimStart()
    },
  }
}

/** How many characters at the end of `text` could be the start of `tag`, cut off by the next piece. */
function partialTagAtEnd(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length--) {
    if (text.endsWith(tag.slice(0, length))) return length
  }
  return 0
}
