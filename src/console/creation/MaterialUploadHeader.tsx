import { useRef, useState } from 'react'
import { Button, Card, Col, Flex, Form, Input, List, Progress, Row, Typography, Upload } from 'antd'
import { FolderOpenOutlined, InboxOutlined } from '@ant-design/icons'
import { Link } from 'react-router'
import { useInvalidate } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import { useConsole } from '../ConsoleContext'
import type { ApiError } from '../providers/ApiError'
import { RelationPicker } from '../forms/RelationWidget'
import type { HeaderProps } from '../resources/header-props'
import { MediaToolsAlert } from './MediaToolsAlert'
import { sendMaterial } from './send-material'
import { sizeText } from '../resources/units'

/** Files sent at once: the server probes each with ffprobe as it arrives. */
const AT_ONCE = 2

interface Sending {
  uid: string
  name: string
  size: number
  percent: number
  state: 'waiting' | 'sending' | 'probing' | 'done' | 'refused'
  /** Why the server refused it, in the console's language. */
  reason?: string
}

/**
 * Above the materials list ("header": "material-upload"): files dropped or chosen, several at
 * once, each with its own progress bar, into the folder and with the tags chosen here; a file
 * the server refuses (not really media) says why on its own line. The list reads again as each
 * file arrives.
 */
export function MaterialUploadHeader({ resource }: HeaderProps) {
  const t = useTranslate()
  const { registry, http } = useConsole()
  const invalidate = useInvalidate()
  const def = registry.resources.get(resource)!
  const upload = [...registry.endpoints.values()].find((e) => e.files && e.entity === def.entity && e.method === 'POST')
  const folderEntity = fieldEntity(registry, def.entity, 'folder_id')
  const folders = folderEntity ? [...registry.resources.values()].find((r) => r.entity === folderEntity) : undefined
  const [folder, setFolder] = useState<number>()
  const [tags, setTags] = useState('')
  const [files, setFiles] = useState<Sending[]>([])
  const queue = useRef<{ uid: string; file: File; folder?: number; tags: string }[]>([])
  const running = useRef(0)

  const update = (uid: string, change: Partial<Sending>) => setFiles((all) => all.map((f) => (f.uid === uid ? { ...f, ...change } : f)))

  const next = () => {
    while (running.current < AT_ONCE && queue.current.length > 0) {
      const job = queue.current.shift()!
      running.current += 1
      void send(job).finally(() => {
        running.current -= 1
        next()
      })
    }
  }

  const send = async ({ uid, file, folder: into, tags: words }: (typeof queue.current)[number]) => {
    const fields: Record<string, string> = {}
    if (into) fields.folder_id = String(into)
    if (words.trim()) fields.tags = words.trim()
    update(uid, { state: 'sending' })
    try {
      await sendMaterial(file, fields, upload!.path, registry, http, {
        onProgress: (sent, total) => update(uid, { percent: total > 0 ? Math.floor((sent / total) * 100) : 0 }),
        // Once every byte is sent the server probes the file: the bar waits full until it answers.
        onProbing: () => update(uid, { percent: 100, state: 'probing' }),
      })
      update(uid, { percent: 100, state: 'done' })
      await invalidate({ resource, invalidates: ['list'] })
    } catch (error) {
      const refusal = error as ApiError
      update(uid, { state: 'refused', reason: refusal.fieldErrors?.[0]?.message ?? refusal.message })
    }
  }

  const add = (file: File) => {
    const uid = `${Date.now()}-${Math.random().toString(36).slice(2)}`
    setFiles((all) => [...all, { uid, name: file.name, size: file.size, percent: 0, state: 'waiting' }])
    queue.current.push({ uid, file, folder, tags })
    next()
  }

  if (!upload) return null
  const finished = files.filter((f) => f.state === 'done' || f.state === 'refused')

  return (
    <>
      <MediaToolsAlert />
      <Card size="small" title={t('material.upload.title')} style={{ marginBottom: 16 }} className="material-upload">
        <Row gutter={[16, 12]}>
          <Col xs={24} lg={10}>
            <Form layout="vertical" component="div">
              {folderEntity ? (
                <Form.Item label={t('material.upload.folder')} htmlFor="material-upload-folder" style={{ marginBottom: 12 }}>
                  <Flex gap={8} wrap>
                    <div style={{ flex: '1 1 180px', minWidth: 0 }}>
                      <RelationPicker id="material-upload-folder" entity={folderEntity} value={folder} clearable onChange={setFolder} width="100%" />
                    </div>
                    {folders ? (
                      <Link to={folders.route}>
                        <Button icon={<FolderOpenOutlined />}>{t('material.upload.folders')}</Button>
                      </Link>
                    ) : null}
                  </Flex>
                </Form.Item>
              ) : null}
              <Form.Item label={t('material.upload.tags')} htmlFor="material-upload-tags" extra={t('material.upload.tagsHint')} style={{ marginBottom: 0 }}>
                <Input id="material-upload-tags" value={tags} maxLength={200} onChange={(e) => setTags(e.target.value)} />
              </Form.Item>
            </Form>
          </Col>
          <Col xs={24} lg={14}>
            <Upload.Dragger
              multiple
              accept="video/*,audio/*,image/*,.ttf,.otf,.ttc"
              showUploadList={false}
              beforeUpload={(file) => {
                add(file)
                return Upload.LIST_IGNORE
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('material.upload.drop')}</p>
              <p className="ant-upload-hint">{t('material.upload.hint')}</p>
            </Upload.Dragger>
          </Col>
        </Row>
        {files.length > 0 ? (
          <List
            size="small"
            className="material-upload-files"
            style={{ marginTop: 12 }}
            header={
              <Flex justify="space-between" align="center" wrap gap={8}>
                <Typography.Text>{t('material.upload.progress', { done: files.filter((f) => f.state === 'done').length, total: files.length })}</Typography.Text>
                {finished.length > 0 ? (
                  <Button size="small" onClick={() => setFiles((all) => all.filter((f) => f.state !== 'done' && f.state !== 'refused'))}>
                    {t('material.upload.clear')}
                  </Button>
                ) : null}
              </Flex>
            }
            dataSource={files}
            renderItem={(file) => (
              <List.Item data-state={file.state} className="material-upload-file">
                <div style={{ width: '100%', minWidth: 0 }}>
                  <Flex justify="space-between" gap={8}>
                    <Typography.Text ellipsis={{ tooltip: file.name }} style={{ minWidth: 0 }}>
                      {file.name}
                    </Typography.Text>
                    <Typography.Text type={file.state === 'refused' ? 'danger' : 'secondary'} style={{ whiteSpace: 'nowrap' }}>
                      {t(`material.upload.${file.state}`)} · {sizeText(file.size)}
                    </Typography.Text>
                  </Flex>
                  <Progress
                    percent={file.percent}
                    size="small"
                    status={file.state === 'refused' ? 'exception' : file.state === 'done' ? 'success' : 'active'}
                    aria-label={t('material.upload.progressOf', { name: file.name })}
                  />
                  {file.reason ? (
                    <Typography.Text type="danger" role="alert" className="material-upload-reason">
                      {file.reason}
                    </Typography.Text>
                  ) : null}
                </div>
              </List.Item>
            )}
          />
        ) : null}
      </Card>
    </>
  )
}

/** The entity a field of an entity points to (x-relation), if it does. */
function fieldEntity(registry: { entities: ReadonlyMap<string, { schema: { properties?: unknown } }> }, entity: string, field: string): string | undefined {
  const property = (registry.entities.get(entity)?.schema.properties as Record<string, Record<string, unknown>> | undefined)?.[field]
  return typeof property?.['x-relation'] === 'string' ? property['x-relation'] : undefined
}
