import { useState } from 'react'
import { Alert, Button, Flex, Input, Modal, Select, Typography } from 'antd'
import { StopOutlined } from '@ant-design/icons'
import { useTranslate } from '../i18n/translate'
import type { AssistantChoice } from './useAssistants'
import { useAssistantAnswer } from './useAssistantAnswer'
import { AnswerFooter } from './AnswerFooter'

/**
 * A script written by one of the assistants the account may use, from a brief: the answer
 * shows as it is written, and goes into the field only when the person takes it.
 */
export function AiScriptWriter({ assistants, maxLength, onUse, onClose }: { assistants: AssistantChoice[]; maxLength?: number; onUse: (text: string) => void; onClose: () => void }) {
  const t = useTranslate()
  const [assistantId, setAssistantId] = useState(assistants[0]!.id)
  const [brief, setBrief] = useState('')
  const { answer, ask, stop } = useAssistantAnswer()
  const writing = answer?.state === 'writing'
  const text = answer?.text.trim() ?? ''
  const write = () => void ask(assistantId, [{ role: 'user', content: brief.trim() }])
  return (
    <Modal
      open
      title={t('ai.writeTitle')}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          {writing ? (
            <Button icon={<StopOutlined />} onClick={stop}>
              {t('ai.stop')}
            </Button>
          ) : (
            <Button onClick={write} disabled={!brief.trim()} type={answer ? 'default' : 'primary'}>
              {answer ? t('ai.writeAgain') : t('ai.writeGo')}
            </Button>
          )}
          <Button type="primary" disabled={writing || answer?.state !== 'done' || !text} onClick={() => onUse(maxLength ? [...text].slice(0, maxLength).join('') : text)}>
            {t('ai.useText')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        {assistants.length > 1 ? (
          <Flex vertical gap={4}>
            <label htmlFor="ai-script-assistant">{t('ai.assistant')}</label>
            <Select id="ai-script-assistant" value={assistantId} onChange={setAssistantId} options={assistants.map((a) => ({ value: a.id, label: a.name }))} />
          </Flex>
        ) : null}
        {assistants.find((a) => a.id === assistantId)?.description ? <Typography.Text type="secondary">{assistants.find((a) => a.id === assistantId)!.description}</Typography.Text> : null}
        <Flex vertical gap={4}>
          <label htmlFor="ai-script-brief">{t('ai.brief')}</label>
          <Input.TextArea id="ai-script-brief" value={brief} onChange={(event) => setBrief(event.target.value)} placeholder={t('ai.briefHint')} autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Flex>
        {answer ? (
          <div aria-live="polite">
            <Input.TextArea aria-label={t('ai.conversation')} value={answer.text} readOnly autoSize={{ minRows: 4, maxRows: 12 }} />
            {answer.state === 'failed' ? <Alert type="error" showIcon message={answer.problem || t('ai.brokeOff')} style={{ marginTop: 8 }} /> : null}
            <AnswerFooter answer={answer} />
            {answer.state === 'done' ? (
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                {t('ai.replaces')}
              </Typography.Paragraph>
            ) : null}
          </div>
        ) : null}
      </Flex>
    </Modal>
  )
}
