import { useEffect, useRef, useState } from 'react'
import { Alert, Button, Card, Empty, Flex, Input, Select, Space, Typography, theme } from 'antd'
import { ClearOutlined, SendOutlined, StopOutlined } from '@ant-design/icons'
import { useNavigate, useSearchParams } from 'react-router'
import { useTranslate } from '../i18n/translate'
import { PageHeading } from '../layout/PageHeading'
import { useRouteTitle } from '../layout/useRouteTitle'
import { useAssistants } from './useAssistants'
import { useAssistantAnswer, type Answer, type ChatTurn } from './useAssistantAnswer'
import { AnswerFooter } from './AnswerFooter'
import './ai-playground.css'

interface Turn extends ChatTurn {
  /** For an answer: how it was written, once it ended. */
  answer?: Answer
}

/**
 * /ai-tool/playground: try an assistant as its users will, the answer shown as it is written,
 * with the model and the tokens it took. Nothing here is kept but the call's log line.
 */
export default function AiPlaygroundPage() {
  const t = useTranslate()
  const title = useRouteTitle()
  const [search, setSearch] = useSearchParams()
  const navigate = useNavigate()
  const assistants = useAssistants()
  const { answer, ask, stop, clear } = useAssistantAnswer()
  const [turns, setTurns] = useState<Turn[]>([])
  const [draft, setDraft] = useState('')
  const end = useRef<HTMLDivElement>(null)
  const { token } = theme.useToken()
  const chosen = Number(search.get('assistant')) || undefined
  const list = assistants.data?.assistants ?? []
  const assistant = list.find((a) => a.id === chosen) ?? list[0]
  const writing = answer?.state === 'writing'

  // A block body: scrollIntoView may return a promise, which React would take for a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' })
  }, [turns.length, answer?.text])

  const send = async () => {
    const content = draft.trim()
    if (!content || !assistant || writing) return
    const asked: Turn[] = [...turns, { role: 'user', content }]
    setTurns(asked)
    setDraft('')
    // A failed or empty answer stays on screen with its reason but is not sent back as part of the conversation.
    const said = asked.filter((turn) => turn.answer?.state !== 'failed' && turn.content.trim() !== '')
    const written = await ask(assistant.id, said.map(({ role, content: text }) => ({ role, content: text })))
    setTurns((now) => [...now, { role: 'assistant', content: written.text, answer: written }])
    clear()
  }
  const restart = () => {
    clear()
    setTurns([])
  }
  const pick = (id: number) => {
    restart()
    setSearch({ assistant: String(id) }, { replace: true })
  }

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <PageHeading title={title} />
      {assistants.data && !assistants.data.writer_ready ? (
        <Alert type="warning" showIcon className="ai-playground-alert" message={t('ai.notReady')} description={assistants.data.problem} action={<Button size="small" onClick={() => navigate('/account/system-init')}>{t('ai.setUp')}</Button>} />
      ) : null}
      <Card>
        <Flex gap={12} wrap align="center" className="ai-playground-bar">
          <label htmlFor="ai-assistant" className="ai-playground-label">
            {t('ai.assistant')}
          </label>
          <Select
            id="ai-assistant"
            className="ai-playground-select"
            loading={assistants.isLoading}
            value={assistant?.id}
            placeholder={t('ai.noAssistants')}
            onChange={pick}
            options={list.map((a) => ({ value: a.id, label: a.name }))}
          />
          <Button icon={<ClearOutlined />} onClick={restart} disabled={turns.length === 0 && !answer}>
            {t('ai.newConversation')}
          </Button>
        </Flex>
        {assistant?.description ? <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>{assistant.description}</Typography.Paragraph> : null}
      </Card>
      <Card className="ai-playground-chat">
        {/* Focusable: a long conversation scrolls, and a keyboard must be able to scroll it. */}
        <div className="ai-playground-turns" role="log" aria-live="polite" aria-label={t('ai.conversation')} tabIndex={0}>
          {turns.length === 0 && !answer ? (
            list.length === 0 && !assistants.isLoading ? (
              <Empty description={t('ai.noAssistants')}>
                <Button type="primary" onClick={() => navigate('/ai-tool/ai-tool-index/create')}>
                  {t('ai.makeOne')}
                </Button>
              </Empty>
            ) : (
              <Empty description={t('ai.empty')} />
            )
          ) : null}
          {turns.map((turn, i) => (
            <TurnView key={i} turn={turn} />
          ))}
          {answer ? <TurnView turn={{ role: 'assistant', content: answer.text, answer }} /> : null}
          <div ref={end} />
        </div>
        <Flex gap={8} align="flex-end" className="ai-playground-input" style={{ borderTop: `1px solid ${token.colorBorderSecondary}` }}>
          <Input.TextArea
            aria-label={t('ai.message')}
            placeholder={t('ai.messageHint')}
            value={draft}
            maxLength={8000}
            autoSize={{ minRows: 2, maxRows: 8 }}
            disabled={!assistant}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault()
                void send()
              }
            }}
          />
          {writing ? (
            <Button icon={<StopOutlined />} onClick={stop}>
              {t('ai.stop')}
            </Button>
          ) : (
            <Button type="primary" icon={<SendOutlined />} onClick={() => void send()} disabled={!assistant || !draft.trim()}>
              {t('ai.send')}
            </Button>
          )}
        </Flex>
      </Card>
    </Space>
  )
}

function TurnView({ turn }: { turn: Turn }) {
  const t = useTranslate()
  const { token } = theme.useToken()
  const answer = turn.answer
  return (
    <div className={`ai-turn ai-turn-${turn.role}`} style={{ background: turn.role === 'user' ? token.colorPrimaryBg : token.colorFillQuaternary }}>
      <div className="ai-turn-who" style={{ color: token.colorTextSecondary }}>{turn.role === 'user' ? t('ai.you') : t('ai.assistantSays')}</div>
      {turn.content || answer?.state === 'writing' ? (
        <div className="ai-turn-text">
          {turn.content}
          {answer?.state === 'writing' ? <span className="ai-turn-caret" aria-label={t('ai.writing')} /> : null}
        </div>
      ) : null}
      {answer?.state === 'failed' ? <Alert type="error" showIcon message={answer.problem || t('ai.brokeOff')} style={{ marginTop: 8 }} /> : null}
      {answer ? <AnswerFooter answer={answer} /> : null}
    </div>
  )
}
