import { describe, expect, it } from 'vitest'
import { storedAs } from './stored-as'

const MP4 = 'mov,mp4,m4a,3gp,3g2,mj2'
const WEBM = 'matroska,webm'

describe('storedAs', () => {
  it('keeps a browser recording as the WebM of sound it is', () => {
    expect(storedAs({ kind: 'audio', format: WEBM }, '.webm')).toEqual({ ext: 'webm', type: 'audio/webm' })
    expect(storedAs({ kind: 'video', format: WEBM }, '.webm')).toEqual({ ext: 'webm', type: 'video/webm' })
    expect(storedAs({ kind: 'audio', format: 'ogg' }, '.ogg')).toEqual({ ext: 'ogg', type: 'audio/ogg' })
    expect(storedAs({ kind: 'video', format: 'ogg' }, '.ogv')).toEqual({ ext: 'ogg', type: 'video/ogg' })
  })

  it('keeps the name a file came with when it fits what the file holds', () => {
    expect(storedAs({ kind: 'video', format: MP4 }, '.MOV')).toEqual({ ext: 'mov', type: 'video/quicktime' })
    expect(storedAs({ kind: 'video', format: WEBM }, '.mkv')).toEqual({ ext: 'mkv', type: 'video/x-matroska' })
    expect(storedAs({ kind: 'image', format: 'image2' }, '.jpeg')).toEqual({ ext: 'jpeg', type: 'image/jpeg' })
  })

  it('names a file by what it holds when its name says otherwise', () => {
    expect(storedAs({ kind: 'video', format: MP4 }, '.mp3')).toEqual({ ext: 'mp4', type: 'video/mp4' })
    expect(storedAs({ kind: 'audio', format: MP4 }, '.mp4')).toEqual({ ext: 'mp4', type: 'audio/mp4' })
    expect(storedAs({ kind: 'audio', format: MP4 }, '')).toEqual({ ext: 'm4a', type: 'audio/mp4' })
    expect(storedAs({ kind: 'audio', format: WEBM }, '.m4a')).toEqual({ ext: 'webm', type: 'audio/webm' })
    expect(storedAs({ kind: 'image', format: 'png_pipe' }, '.jpg')).toEqual({ ext: 'png', type: 'image/png' })
  })

  it('keeps the older containers ffmpeg reads under their own names', () => {
    expect(storedAs({ kind: 'video', format: 'avi' }, '.AVI')).toEqual({ ext: 'avi', type: 'video/x-msvideo' })
    expect(storedAs({ kind: 'video', format: 'flv' }, '.flv')).toEqual({ ext: 'flv', type: 'video/x-flv' })
    expect(storedAs({ kind: 'video', format: 'mpegts' }, '.mts')).toEqual({ ext: 'ts', type: 'video/mp2t' })
    expect(storedAs({ kind: 'audio', format: 'flac' }, '.flac')).toEqual({ ext: 'flac', type: 'audio/flac' })
  })

  it('keeps a container it does not know under its kind’s usual name', () => {
    expect(storedAs({ kind: 'video', format: 'asf' }, '.wmv')).toEqual({ ext: 'mp4', type: 'video/mp4' })
    expect(storedAs({ kind: 'audio', format: 'amr' }, '.amr')).toEqual({ ext: 'm4a', type: 'audio/mp4' })
  })
})
