import { Typography } from 'antd'
import { useTranslate } from '../i18n/translate'
import type { Answer } from './useAssistantAnswer'
import './answer-footer.css'

/** How an answer ended: its model and the tokens the vendor counted, or that it was stopped. */
export function AnswerFooter({ answer }: { answer: Answer }) {
  const t = useTranslate()
  if (answer.state === 'stopped') return <Typography.Text type="secondary" className="ai-answer-footer">{t('ai.stopped')}</Typography.Text>
  if (answer.state !== 'done') return null
  const tokens = answer.promptTokens == null || answer.completionTokens == null ? t('ai.tokensUnknown') : t('ai.tokens', { prompt: answer.promptTokens, completion: answer.completionTokens })
  return (
    <Typography.Text type="secondary" className="ai-answer-footer">
      {answer.model} · {tokens}
    </Typography.Text>
  )
}
