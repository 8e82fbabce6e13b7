import { useState } from 'react'
import { Alert, Button, Flex, Input, InputNumber, List, Modal } from 'antd'
import { useMutation } from '@tanstack/react-query'
import { useTranslate } from '../i18n/translate'
import { useConsole } from '../ConsoleContext'
import { ApiError } from '../providers/ApiError'

interface Ideas {
  titles: string[]
  model: string
  prompt_tokens: number | null
  completion_tokens: number | null
}

/** New titles in the style of one that did well (matrix/ai_imitate_title), one of them taken into the field. */
export function AiTitleIdeas({ initial, maxLength, onUse, onClose }: { initial: string; maxLength?: number; onUse: (title: string) => void; onClose: () => void }) {
  const t = useTranslate()
  const { http, registry } = useConsole()
  const [title, setTitle] = useState(initial)
  const [topic, setTopic] = useState('')
  const [count, setCount] = useState(5)
  const ideas = useMutation({
    mutationFn: () => http.request<Ideas>({ method: 'POST', path: registry.endpoints.get('matrix/ai_imitate_title')!.path, body: { title: title.trim(), topic: topic.trim(), count }, quiet: true }),
  })
  return (
    <Modal open title={t('ai.titlesTitle')} onCancel={onClose} width={600} destroyOnHidden footer={null}>
      <Flex vertical gap={12}>
        <Flex vertical gap={4}>
          <label htmlFor="ai-title-viral">{t('ai.viralTitle')}</label>
          <Input id="ai-title-viral" value={title} maxLength={100} onChange={(event) => setTitle(event.target.value)} placeholder={t('ai.viralTitleHint')} />
        </Flex>
        <Flex gap={12} wrap>
          <Flex vertical gap={4} style={{ flex: '2 1 220px' }}>
            <label htmlFor="ai-title-topic">{t('ai.topic')}</label>
            <Input id="ai-title-topic" value={topic} maxLength={100} onChange={(event) => setTopic(event.target.value)} />
          </Flex>
          <Flex vertical gap={4} style={{ flex: '1 1 100px' }}>
            <label htmlFor="ai-title-count">{t('ai.howMany')}</label>
            <InputNumber id="ai-title-count" min={1} max={10} value={count} onChange={(value) => setCount(value ?? 5)} style={{ width: '100%' }} />
          </Flex>
        </Flex>
        <div>
          <Button type="primary" loading={ideas.isPending} disabled={!title.trim()} onClick={() => ideas.mutate()}>
            {ideas.data ? t('ai.writeAgain') : t('ai.writeGo')}
          </Button>
        </div>
        {ideas.error ? <Alert type="error" showIcon message={ideas.error instanceof ApiError ? ideas.error.message : String(ideas.error)} /> : null}
        {ideas.data ? (
          <List
            aria-live="polite"
            size="small"
            bordered
            dataSource={ideas.data.titles}
            footer={<span className="ai-answer-footer">{ideas.data.model} · {ideas.data.prompt_tokens == null || ideas.data.completion_tokens == null ? t('ai.tokensUnknown') : t('ai.tokens', { prompt: ideas.data.prompt_tokens, completion: ideas.data.completion_tokens })}</span>}
            renderItem={(idea) => (
              <List.Item
                actions={[
                  <Button key="use" type="link" onClick={() => onUse(maxLength ? [...idea].slice(0, maxLength).join('') : idea)} aria-label={t('scriptField.useNamed', { title: idea })}>
                    {t('scriptField.use')}
                  </Button>,
                ]}
              >
                {idea}
              </List.Item>
            )}
          />
        ) : null}
      </Flex>
    </Modal>
  )
}
