import { describe, expect, it } from 'vitest'
import { scriptIn, topicScriptMessages } from './topic-script'

describe('a script written from a topic', () => {
  it('asks for JSON sentences with search terms, in the language and length wanted', () => {
    const [system, user] = topicScriptMessages('早餐咖啡', 'zh-CN', 30)
    expect(system!.content).toContain('Simplified Chinese, about 120 Chinese characters')
    expect(system!.content).toContain('{"sentences": [{"text": "…", "terms": ["…", "…"]}]}')
    expect(user).toEqual({ role: 'user', content: 'Topic: "早餐咖啡"' })
    expect(topicScriptMessages('coffee', 'en-US', 20)[0]!.content).toContain('English, about 50 English words')
  })

  it('reads the sentences from JSON however it is wrapped, and terms that are words', () => {
    const answer = 'Here it is:\n```json\n{"sentences": [{"text": " 清晨的光。", "terms": ["日出", " 日出 ", 3, ""]}, {"text": ""}, "Plain sentence."]}\n```'
    expect(scriptIn(answer)).toEqual([{ text: '清晨的光。', terms: ['日出'] }, { text: 'Plain sentence.', terms: [] }])
  })

  it('takes an answer that is not JSON as the script itself', () => {
    expect(scriptIn('清晨的光。咖啡的香。')).toEqual([{ text: '清晨的光。咖啡的香。', terms: [] }])
    expect(scriptIn('  ')).toEqual([])
  })
})
