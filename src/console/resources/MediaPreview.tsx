import { useState } from 'react'
import { Button, Image, Modal, Space } from 'antd'
import { DownloadOutlined, PlayCircleOutlined } from '@ant-design/icons'
import { useTranslate } from '../i18n/translate'
import { mediaKindOf, type MediaKind } from './media-kind'
import './media-preview.css'

export interface MediaPreviewProps {
  url: string
  /** video, audio or image, when the record says (a material's kind); else the address's extension decides. */
  kind?: unknown
  /** A picture shown before a video plays (a work's cover). */
  poster?: string
  /** What the player is called for a screen reader: the record's name. */
  title?: string
  /** A list's cell opens the player in a dialog; a detail page plays the file where it is. */
  layout?: 'cell' | 'detail'
}

/**
 * What a download is saved as: the record's title (a work's, a material's), less what a file
 * name cannot hold, with the stored file's extension; the stored name is a random key.
 */
export function downloadName(title: string, url: string): string {
  const extension = /\.([a-z0-9]{1,5})(?:[?#]|$)/i.exec(url)?.[1]
  const base = title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80) || 'download'
  return extension && !base.toLowerCase().endsWith(`.${extension.toLowerCase()}`) ? `${base}.${extension}` : base
}

/**
 * A stored file as the browser plays it, its own player and nothing more (a `<video>`, an
 * `<audio>` or a picture), with a link that downloads it. Only the start of a video is read
 * (preload="metadata") until someone plays it.
 */
export function MediaPreview({ url, kind, poster, title, layout = 'detail' }: MediaPreviewProps) {
  const t = useTranslate()
  const media: MediaKind | undefined = mediaKindOf(url, kind)
  const download = (
    <a href={url} download={title ? downloadName(title, url) : true} className="media-download" aria-label={title ? t('media.downloadOf', { title }) : undefined}>
      <DownloadOutlined /> {t('media.download')}
    </a>
  )
  if (!media) return download
  if (layout === 'cell') return <PreviewButton url={url} kind={media} poster={poster} title={title} />
  return (
    <Space direction="vertical" size={4} className="media-preview">
      {media === 'video' ? (
        <video className="media-player media-video" src={url} poster={poster || undefined} controls preload="metadata" playsInline aria-label={title} />
      ) : media === 'audio' ? (
        <audio className="media-player" src={url} controls preload="metadata" aria-label={title} />
      ) : (
        <Image src={url} alt={title ?? ''} className="media-image" />
      )}
      {download}
    </Space>
  )
}

/** A list's cell: a button that plays the file in a dialog, so a list can be looked through without leaving it. */
function PreviewButton({ url, kind, poster, title }: { url: string; kind: MediaKind; poster?: string; title?: string }) {
  const t = useTranslate()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button type="link" size="small" icon={<PlayCircleOutlined />} onClick={() => setOpen(true)} aria-label={title ? t('media.previewOf', { title }) : undefined} style={{ paddingInline: 0 }}>
        {t('media.preview')}
      </Button>
      {open ? (
        <Modal open title={title ?? t('media.preview')} footer={null} onCancel={() => setOpen(false)} destroyOnHidden width={560}>
          <MediaPreview url={url} kind={kind} poster={poster} title={title} />
        </Modal>
      ) : null}
    </>
  )
}
