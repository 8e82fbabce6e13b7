import type { ChatMessage } from '../providers/chat/chat-provider'

/** One sentence of a written script, and the words to find its clip by. */
export interface ScriptSentence {
  text: string
  terms: string[]
}

/** About how much is said in a second: four Chinese characters, or two and a half English words. */
const PER_SECOND = { 'zh-CN': 4, 'en-US': 2.5 } as const

/** What the AI writer is asked for: a short-video script on `topic`, about `seconds` long, as JSON sentences with search terms. */
export function topicScriptMessages(topic: string, language: 'zh-CN' | 'en-US', seconds: number): ChatMessage[] {
  const amount = language === 'zh-CN' ? `about ${Math.round(seconds * PER_SECOND['zh-CN'])} Chinese characters` : `about ${Math.round(seconds * PER_SECOND['en-US'])} English words`
  return [
    {
      role: 'system',
      content: [
        'You write voice-over scripts for short videos on platforms such as Douyin and Kuaishou: a hook in the first sentence, one idea a sentence, a call to action at the end.',
        `Write in ${language === 'zh-CN' ? 'Simplified Chinese' : 'English'}, ${amount} in all, in short sentences that each end with a full stop, question mark or exclamation mark.`,
        'For each sentence give two to four short search terms, in the same language, naming what a clip shown under it could show (things, places, actions), not abstract ideas.',
        'Answer with JSON and nothing else: {"sentences": [{"text": "…", "terms": ["…", "…"]}]}',
      ].join(' '),
    },
    { role: 'user', content: `Topic: ${JSON.stringify(topic)}` },
  ]
}

/**
 * The sentences in the writer's answer: its JSON when it wrote some (fenced in ``` or not),
 * else its text as it is, with no terms. Blank sentences are left out; terms are trimmed,
 * short and unique.
 */
export function scriptIn(answer: string): ScriptSentence[] {
  const parsed = jsonObject(answer)
  const listed = parsed && Array.isArray(parsed.sentences) ? parsed.sentences : undefined
  if (listed) {
    const sentences = listed.flatMap((item): ScriptSentence[] => {
      const text = typeof item === 'string' ? item : item && typeof item === 'object' && typeof (item as { text?: unknown }).text === 'string' ? (item as { text: string }).text : ''
      const rawTerms = item && typeof item === 'object' && Array.isArray((item as { terms?: unknown }).terms) ? ((item as { terms: unknown[] }).terms) : []
      const terms = [...new Set(rawTerms.filter((t): t is string => typeof t === 'string').map((t) => t.trim()).filter((t) => t.length > 0 && t.length <= 30))].slice(0, 6)
      return text.trim() ? [{ text: text.trim(), terms }] : []
    })
    if (sentences.length > 0) return sentences
  }
  const text = answer.replace(/^```\w*$/gm, '').trim()
  return text ? [{ text, terms: [] }] : []
}

function jsonObject(answer: string): Record<string, unknown> | undefined {
  const start = answer.indexOf('{')
  const end = answer.lastIndexOf('}')
  if (start < 0 || end <= start) return undefined
  try {
    const parsed: unknown = JSON.parse(answer.slice(start, end + 1))
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}
