import { useState } from 'react'
import { Button, Empty, Flex, Input, List, Modal, Select, Typography } from 'antd'
import { BookOutlined, RobotOutlined } from '@ant-design/icons'
import type { WidgetProps } from '@rjsf/utils'
import { useQuery } from '@tanstack/react-query'
import { useTranslate } from '../i18n/translate'
import { useConsole } from '../ConsoleContext'
import { useAssistants } from '../ai/useAssistants'
import { AiScriptWriter } from '../ai/AiScriptWriter'

interface Page<T> {
  data: T[]
  total: number
}
interface Script {
  id: number
  title: string
  content: string
}
interface Industry {
  id: number
  name: string
}

/**
 * A script field ("x-widget": "script"): typed, taken from the platform's script library
 * (platform/script, by industry), or written by an AI assistant when an AI writer is set up,
 * and then edited. Its characters are counted as they are what a digital-human video is
 * charged by.
 */
export function ScriptWidget({ id, value, onChange, onBlur, disabled, readonly, schema }: WidgetProps) {
  const t = useTranslate()
  const [choosing, setChoosing] = useState(false)
  const [writing, setWriting] = useState(false)
  const assistants = useAssistants()
  // Offered only when someone can answer: a merchant cannot set up the writer, so a dead button would only puzzle.
  const writers = assistants.data?.writer_ready ? assistants.data.assistants : []
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        id={id}
        value={typeof value === 'string' ? value : ''}
        autoSize={{ minRows: 5, maxRows: 14 }}
        showCount
        maxLength={maxLength}
        disabled={disabled || readonly}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        onBlur={() => onBlur(id, value)}
      />
      {readonly ? null : (
        // Below the character count, which antd sets under the box's right edge, out of the flow.
        <Flex gap={8} wrap style={{ marginTop: 16 }}>
          <Button icon={<BookOutlined />} disabled={disabled} onClick={() => setChoosing(true)}>
            {t('scriptField.library')}
          </Button>
          {writers.length > 0 ? (
            <Button icon={<RobotOutlined />} disabled={disabled} onClick={() => setWriting(true)}>
              {t('ai.write')}
            </Button>
          ) : null}
        </Flex>
      )}
      {choosing ? (
        <ScriptLibrary
          onClose={() => setChoosing(false)}
          onPick={(content) => {
            onChange(content)
            setChoosing(false)
          }}
        />
      ) : null}
      {writing ? (
        <AiScriptWriter
          assistants={writers}
          maxLength={maxLength}
          onClose={() => setWriting(false)}
          onUse={(text) => {
            onChange(text)
            setWriting(false)
          }}
        />
      ) : null}
    </Flex>
  )
}

function ScriptLibrary({ onClose, onPick }: { onClose: () => void; onPick: (content: string) => void }) {
  const t = useTranslate()
  const { registry, http } = useConsole()
  const [industry, setIndustry] = useState<number>()
  const [search, setSearch] = useState('')
  const path = (id: string) => registry.endpoints.get(id)!.path
  const industries = useQuery({
    queryKey: ['script-library', 'industries'],
    queryFn: () => http.request<Page<Industry>>({ method: 'GET', path: path('platform/industry'), query: { page: 1, limit: 100 }, quiet: true }),
  })
  const scripts = useQuery({
    queryKey: ['script-library', 'scripts', industry, search],
    queryFn: () => http.request<Page<Script>>({ method: 'GET', path: path('platform/script'), query: { page: 1, limit: 50, ...(industry ? { industry_id: industry } : {}), ...(search ? { title: search } : {}) }, quiet: true }),
  })
  return (
    <Modal open title={t('scriptField.libraryTitle')} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label={t('scriptField.industry')}
          placeholder={t('scriptField.anyIndustry')}
          allowClear
          loading={industries.isLoading}
          value={industry}
          onChange={(v: number | undefined) => setIndustry(v)}
          options={(industries.data?.data ?? []).map((i) => ({ value: i.id, label: i.name }))}
          style={{ minWidth: 180, flex: '1 1 180px' }}
        />
        <Input.Search aria-label={t('scriptField.search')} placeholder={t('scriptField.search')} allowClear onSearch={setSearch} style={{ flex: '2 1 220px' }} />
      </Flex>
      <List
        loading={scripts.isLoading}
        dataSource={scripts.data?.data ?? []}
        locale={{ emptyText: <Empty description={t('scriptField.none')} /> }}
        style={{ maxHeight: '55vh', overflowY: 'auto' }}
        renderItem={(script) => (
          <List.Item
            actions={[
              <Button key="use" type="link" onClick={() => onPick(script.content)} aria-label={t('scriptField.useNamed', { title: script.title })}>
                {t('scriptField.use')}
              </Button>,
            ]}
          >
            <List.Item.Meta title={script.title} description={<Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>{script.content}</Typography.Paragraph>} />
          </List.Item>
        )}
      />
    </Modal>
  )
}
