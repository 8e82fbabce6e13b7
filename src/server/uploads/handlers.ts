import { newUploadKey } from './file-store'
import { namedHandler } from '../engine/handler-context'

/** Extensions of the image types generate_sts_token may hand out keys for. */
const IMAGE_EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' }

/** oss_upload: one checked file into the store, answered with where it can be read. */
const store = namedHandler(['upload/oss_upload'], {
  async run(ctx) {
    const file = ctx.files.file!
    const url = await ctx.services.files.put(newUploadKey(file.extension!, ctx.services.now()), file.data, file.type!)
    return { url, name: file.filename, size: file.size, type: file.type! }
  },
})

/** generate_sts_token: short-lived rights to send one image straight to the store. */
const directUpload = namedHandler(['upload/generate_sts_token'], {
  async run(ctx) {
    const type = ctx.query.type
    const now = ctx.services.now()
    // The same limit as oss_upload's: a direct upload is the same file by another road.
    const maxBytes = ctx.services.registry.endpoints.get('upload/oss_upload')!.files!.file!.maxBytes
    return ctx.services.files.directUpload(newUploadKey(IMAGE_EXTENSIONS[type]!, now), maxBytes, type, now)
  },
})

export const uploadHandlers = {
  'upload.store': store,
  'upload.directUpload': directUpload,
}
