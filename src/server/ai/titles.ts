import type { ChatMessage } from '../providers/chat/chat-provider'

/** The most a title may hold: Douyin's caption box shows about 55 characters, Kuaishou's fewer. */
export const TITLE_MAX = 55

/** What the AI writer is asked for: `count` titles in the style of `title`, as a JSON array. */
export function imitateTitleMessages(title: string, topic: string, count: number): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        'You write titles for short-video posts on platforms such as Douyin and Kuaishou.',
        'Given a title that did well, you write new ones in its style: about as long, the same tone, the same kind of hook, punctuation and emoji, in the same language.',
        `Each title has at most ${TITLE_MAX} characters and no hashtags. Never copy the given title.`,
        'Answer with a JSON array of strings and nothing else.',
      ].join(' '),
    },
    {
      role: 'user',
      content: `Title that did well: ${JSON.stringify(title)}\n${topic ? `Topic of the new titles: ${JSON.stringify(topic)}\n` : ''}Write ${count} new titles.`,
    },
  ]
}

/**
 * The titles in an answer: its JSON array when it wrote one (fenced in ``` or not), else one
 * per line with list marks and quotes taken off. Blank, repeated and copied titles are left
 * out, long ones cut, at most `count`.
 */
export function titlesIn(answer: string, count: number, original: string): string[] {
  const found = jsonArray(answer) ?? answer.split('\n')
  const seen = new Set<string>([normal(original)])
  const titles: string[] = []
  for (const raw of found) {
    const title = [...clean(raw)].slice(0, TITLE_MAX).join('').trim()
    // A line ending in a colon introduces the list ("Here are five titles:"); it is none of them.
    if (!title || /[:：]$/.test(title) || seen.has(normal(title))) continue
    seen.add(normal(title))
    titles.push(title)
    if (titles.length === count) break
  }
  return titles
}

function jsonArray(answer: string): string[] | undefined {
  const start = answer.indexOf('[')
  const end = answer.lastIndexOf(']')
  if (start < 0 || end <= start) return undefined
  try {
    const parsed: unknown = JSON.parse(answer.slice(start, end + 1))
    return Array.isArray(parsed) && parsed.every((item) => typeof item === 'string') ? parsed : undefined
  } catch {
    return undefined
  }
}

/** A line without its list mark ("1.", "2)", "-", "•") and the quotes around it. */
function clean(line: string): string {
  return line
    .trim()
    .replace(/^```\w*$/, '')
    .replace(/^(\d{1,2}[.)、:：]|[-*•·])\s*/u, '')
    .replace(/^["'“”‘’「」『』]+|["'“”‘’「」『』,，]+$/gu, '')
    .trim()
}

function normal(title: string): string {
  return title.replace(/\s+/g, '').toLowerCase()
}
