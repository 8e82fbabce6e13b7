import { describe, expect, it } from 'vitest'
import { thinkTagFilter } from './think-tag-filter'

/** The content pushed piece by piece: what was passed on, the answer kept, and how much was thinking. */
function filtered(pieces: string[]) {
  const tags = thinkTagFilter()
  const shown = pieces.map((piece) => tags.push(piece)).join('') + tags.end()
  return { shown, kept: tags.settle(shown), thought: tags.thought }
}

describe('thinking left in the content between <think> tags', () => {
  it.each([
    ['no tags at all', ['Hello ', 'there'], 'Hello there', 'Hello there', 0],
    ['leading blank lines kept when no tag follows', ['\n\n', 'Hello'], '\n\nHello', '\n\nHello', 0],
    ['thinking then the answer, in one piece', ['<think>hmm</think>\n\nHello'], 'Hello', 'Hello', 3],
    ['the opening tag cut between pieces', ['<th', 'ink>', 'hmm', '</think>', 'Hi'], 'Hi', 'Hi', 3],
    ['the closing tag cut between pieces', ['<think>hmm</th', 'ink>\n', '\nHi'], 'Hi', 'Hi', 3],
    ['blank lines before the opening tag', ['\n<think>', 'a</think>Hi'], 'Hi', 'Hi', 1],
    ['thinking cut off by the token limit', ['<think>hmm, let', ' me see'], '', '', 15],
    ['an answer that only looks like the tag’s start', ['<th', 'is is html'], '<this is html', '<this is html', 0],
    ['a lone "<" at the end', ['<'], '<', '<', 0],
    ['a tag later in the answer is the answer’s', ['Use ', '<think> in prompts'], 'Use <think> in prompts', 'Use <think> in prompts', 0],
    // DeepSeek-R1's template opens the tag in the prompt: shown as it came, not kept.
    ['only the closing tag', ['hmm, ', 'well</think>\n\n', 'Hi'], 'hmm, well</think>\n\nHi', 'Hi', 9],
  ])('%s', (_case, pieces, shown, kept, thought) => {
    expect(filtered(pieces)).toEqual({ shown, kept, thought })
  })
})
