import { materialKeyPrefix, newUploadKey } from './file-store'
import { namedHandler, requireCaller } from '../engine/handler-context'
import { fieldError } from '../errors/AppError'
import { API_PREFIX } from '../engine/endpoint-routes'
import { EXTENSION_OF } from './media-types'
import { imageSize } from './image-size'
import { MAX_PIXELS } from '../media/probe'

/** oss_upload: one checked file into the store, answered with where it can be read. */
const store = namedHandler(['upload/oss_upload'], {
  async run(ctx) {
    const file = ctx.files.file!
    // Shown as avatars and logos to everyone: an image a browser would have to unpack into gigabytes is not kept.
    const size = imageSize(file.data!)
    if (!size || size.width * size.height > MAX_PIXELS) {
      throw fieldError('UPLOAD_IMAGE_TOO_LARGE', '/file', ctx.locale, { size: size ? `${size.width} × ${size.height}` : '?', max: MAX_PIXELS / 1_000_000 })
    }
    const url = await ctx.services.files.put(newUploadKey(file.extension!, ctx.services.now()), file.data, file.type!)
    return { url, name: file.filename, size: file.size, type: file.type! }
  },
})

/**
 * generate_sts_token: short-lived rights to send one file straight to the store: an image of
 * oss_upload's size, or a material of up to MEDIA_MAX_MB, under the caller's own folder, for
 * material/register to keep.
 */
const directUpload = namedHandler(['upload/generate_sts_token'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const { type, purpose = 'image' } = ctx.query
    const { services, locale } = ctx
    const now = services.now()
    if (purpose === 'material') {
      const register = services.registry.endpoints.get('material/register')!
      const upload = services.registry.endpoints.get('material/upload')!
      if (register.access === 'open' || !register.access.includes(caller.role)) throw fieldError('UPLOAD_PURPOSE_NOT_YOURS', '/purpose', locale, {})
      const key = materialKeyPrefix(caller.id) + newUploadKey(EXTENSION_OF[type]!, now)
      return services.files.directUpload(key, services.config.mediaMaxBytes, type, now, `${API_PREFIX}${upload.path}`)
    }
    if (!type.startsWith('image/')) throw fieldError('UPLOAD_NOT_IMAGE', '/type', locale, {})
    // The same limit as oss_upload's: a direct upload is the same file by another road.
    const store = services.registry.endpoints.get('upload/oss_upload')!
    return services.files.directUpload(newUploadKey(EXTENSION_OF[type]!, now), store.files!.file!.maxBytes, type, now, `${API_PREFIX}${store.path}`)
  },
})

export const uploadHandlers = {
  'upload.store': store,
  'upload.directUpload': directUpload,
}
