import { useState } from 'react'
import { App, Button, Card, Form, Input, Modal, Space, Table, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined, SaveOutlined, SnippetsOutlined } from '@ant-design/icons'
import type { TaskTemplate } from '../../generated/types'
import { useConsole } from '../ConsoleContext'
import { useTranslate } from '../i18n/translate'
import { parseRows } from './template-fill'

export type Row = Record<string, string>

/**
 * Save the form as it stands as a template of the kind, or over the one it was opened from.
 * What is saved is not checked here: a template may hold {{variables}} where the form wants
 * words, and each video made from it is checked when the batch is sent.
 */
export function SaveTemplate({ kind, values, template, onSaved }: { kind: string; values: Record<string, unknown>; template?: TaskTemplate; onSaved: (saved: TaskTemplate) => void }) {
  const t = useTranslate()
  const { message } = App.useApp()
  const { registry, http } = useConsole()
  const [open, setOpen] = useState(false)
  const [saving, setSaving] = useState(false)
  const [form] = Form.useForm<{ name: string }>()

  const save = async (asNew: boolean) => {
    const { name } = await form.validateFields()
    setSaving(true)
    try {
      const saved =
        template && !asNew
          ? await http.request<TaskTemplate>({ method: 'POST', path: registry.endpoints.get('task_template/edit')!.path, body: { id: template.id, name, input: values } })
          : await http.request<TaskTemplate>({ method: 'POST', path: registry.endpoints.get('task_template/save')!.path, body: { name, kind, input: values } })
      message.success(t('template.saved', { name: saved.name }))
      setOpen(false)
      onSaved(saved)
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      <Button
        icon={<SaveOutlined />}
        onClick={() => {
          form.setFieldsValue({ name: template?.name ?? '' })
          setOpen(true)
        }}
      >
        {template ? t('template.update') : t('template.saveAs')}
      </Button>
      <Modal
        open={open}
        title={template ? t('template.update') : t('template.saveAs')}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={
          <Space wrap>
            <Button onClick={() => setOpen(false)}>{t('buttons.cancel')}</Button>
            {template ? (
              <Button loading={saving} onClick={() => void save(true)}>
                {t('template.saveAsNew')}
              </Button>
            ) : null}
            <Button type="primary" loading={saving} onClick={() => void save(false)}>
              {t('buttons.save')}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('template.saveHint', { example: '{{shop}}' })}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={() => void save(false)}>
          <Form.Item name="name" label={t('template.name')} rules={[{ required: true, whitespace: true, message: t('template.nameRequired') }, { max: 60 }]}>
            <Input maxLength={60} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}

/**
 * The videos of a batch: a row each, a column per variable of the form. Rows are typed here or
 * pasted from a spreadsheet (a line a video, cells apart by tabs).
 */
export function BatchRows({ variables, rows, onChange, max }: { variables: string[]; rows: Row[]; onChange: (rows: Row[]) => void; max: number }) {
  const t = useTranslate()
  const [pasting, setPasting] = useState(false)
  const [pasted, setPasted] = useState('')
  const set = (index: number, name: string, value: string) => onChange(rows.map((row, i) => (i === index ? { ...row, [name]: value } : row)))
  const columns = [
    { key: 'n', title: '#', width: 48, render: (_: unknown, __: Row, i: number) => i + 1 },
    ...variables.map((name) => ({
      key: name,
      title: name,
      width: 200,
      render: (_: unknown, row: Row, i: number) => <Input value={row[name] ?? ''} aria-label={t('template.cell', { variable: name, n: i + 1 })} onChange={(event) => set(i, name, event.target.value)} />,
    })),
    {
      key: 'remove',
      width: 56,
      render: (_: unknown, __: Row, i: number) => (
        <Button type="text" icon={<DeleteOutlined />} aria-label={t('template.removeRow', { n: i + 1 })} disabled={rows.length === 1} onClick={() => onChange(rows.filter((_, j) => j !== i))} />
      ),
    },
  ]
  return (
    <Card
      className="batch-rows"
      title={t('template.batchTitle', { count: rows.length })}
      size="small"
      style={{ marginBottom: 16 }}
    >
      <Typography.Paragraph type="secondary">{t('template.batchHint', { max })}</Typography.Paragraph>
      <Table<Row> size="small" rowKey={(_, i) => String(i)} columns={columns} dataSource={rows} pagination={false} scroll={{ x: 'max-content' }} />
      <Space wrap style={{ marginTop: 12 }}>
        <Button icon={<PlusOutlined />} disabled={rows.length >= max} onClick={() => onChange([...rows, {}])}>
          {t('template.addRow')}
        </Button>
        <Button icon={<SnippetsOutlined />} onClick={() => setPasting(true)}>
          {t('template.paste')}
        </Button>
      </Space>
      <Modal
        open={pasting}
        title={t('template.paste')}
        okText={t('template.pasteOk')}
        cancelText={t('buttons.cancel')}
        onCancel={() => setPasting(false)}
        onOk={() => {
          const read = parseRows(pasted, variables)
          if (read.length > 0) onChange(read.slice(0, max))
          setPasted('')
          setPasting(false)
        }}
      >
        <Typography.Paragraph type="secondary">{t('template.pasteHint', { columns: variables.join(' ⇥ ') })}</Typography.Paragraph>
        <Input.TextArea aria-label={t('template.paste')} rows={6} value={pasted} onChange={(event) => setPasted(event.target.value)} />
      </Modal>
    </Card>
  )
}
