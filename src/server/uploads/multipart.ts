import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { fileTypeFromBuffer } from 'file-type'
import type { FilePart, Locale } from '../../schema/types'
import { fieldMessage, type FieldError } from '../../schema/validation-messages'
import { AppError, validationError } from '../errors/AppError'
import type { UploadedFile } from '../engine/handler-context'
import { localeOf } from '../locale'

/**
 * Read a multipart request as its endpoint file declares it: each file part within its
 * size and of an accepted type (judged by its bytes), text parts as strings. Every problem
 * is a field error on its part, so the form can mark it.
 */
export async function readMultipart(
  request: FastifyRequest,
  declared: Record<string, FilePart>,
  locale: Locale,
  mediaMaxBytes: number,
): Promise<{ fields: Record<string, string>; files: Record<string, UploadedFile>; cleanup(): Promise<void> }> {
  const fields: Record<string, string> = {}
  const files: Record<string, UploadedFile> = {}
  const errors: FieldError[] = []
  const parts = Object.fromEntries(Object.entries(declared).map(([name, part]) => [name, part.toDisk ? { ...part, maxBytes: mediaMaxBytes } : part]))
  const largest = Math.max(...Object.values(parts).map((p) => p.maxBytes))
  let tempDir: string | undefined
  const cleanup = async () => {
    if (tempDir) await rm(tempDir, { recursive: true, force: true })
  }
  const label = (name: string) => parts[name]?.['x-label'][locale] ?? name
  const tooLarge = (name: string, limit: number) => ({ path: `/${name}`, message: fieldMessage('fileSize', label(name), { limit: sizeText(limit) }, locale) })
  let current = ''
  try {
    for await (const part of request.parts({ limits: { fileSize: largest, files: Object.keys(parts).length + 4, fields: 50, fieldSize: 64 * 1024 } })) {
      current = part.fieldname
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value
        continue
      }
      const spec = parts[part.fieldname]
      if (!spec) {
        part.file.resume()
        errors.push({ path: `/${part.fieldname}`, message: fieldMessage('additionalProperties', part.fieldname, {}, locale) })
        continue
      }
      if (spec.toDisk) {
        tempDir ??= await mkdtemp(join(tmpdir(), 'upload-'))
        const path = join(tempDir, `${part.fieldname}-${Object.keys(files).length}`)
        let size = 0
        part.file.on('data', (chunk: Buffer) => (size += chunk.length))
        await pipeline(part.file, createWriteStream(path))
        if (part.file.truncated) {
          errors.push(tooLarge(part.fieldname, spec.maxBytes))
          continue
        }
        if (size > 0) files[part.fieldname] = { filename: part.filename, size, data: Buffer.alloc(0), path }
        continue
      }
      const data = await part.toBuffer()
      if (data.length > spec.maxBytes) {
        errors.push(tooLarge(part.fieldname, spec.maxBytes))
        continue
      }
      if (data.length === 0) continue
      const recognised = await fileTypeFromBuffer(data)
      if (spec.types && (!recognised || !spec.types.includes(recognised.mime))) {
        errors.push({ path: `/${part.fieldname}`, message: fieldMessage('fileType', label(part.fieldname), { types: spec.types.map(typeName).join(', ') }, locale) })
        continue
      }
      files[part.fieldname] = { filename: part.filename, type: recognised?.mime, extension: recognised?.ext, size: data.length, data }
    }
  } catch (error) {
    // Past the largest allowed size the parser stops reading and says so; the part being read is the one too large.
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') {
      const reason = (error as { code?: string }).code === 'FST_FILES_LIMIT' ? 'too many file parts' : 'the multipart body is malformed'
      await cleanup()
      throw new AppError('REQUEST_INVALID', { reason })
    }
    errors.push(tooLarge(current, parts[current]?.maxBytes ?? largest))
  }
  for (const [name, spec] of Object.entries(parts)) {
    if (spec.required && !files[name] && !errors.some((e) => e.path === `/${name}`)) errors.push({ path: `/${name}`, message: fieldMessage('empty', label(name), {}, locale) })
  }
  if (errors.length > 0) {
    await cleanup()
    throw validationError(errors)
  }
  return { fields, files, cleanup }
}

/** image/png → PNG: what a person recognises in a list of accepted types. */
function typeName(type: string): string {
  return type.split('/')[1]!.replace(/^x-/, '').replace(/^svg\+xml$/, 'svg').toUpperCase()
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`
}

/**
 * On the endpoint routes declared after it in `app`: each call takes what its endpoint file
 * declares (JSON, or multipart when it has file parts), and the parts of a multipart call are
 * read after the route's own preHandlers (a rate limit refuses before a file is stored), then
 * removed once the call is answered, unless the handler moved them.
 */
export function multipartBodies(app: FastifyInstance, mediaMaxBytes: number): void {
  const cleanups = new WeakMap<FastifyRequest, () => Promise<void>>()
  const cleanUp = async (request: FastifyRequest) => {
    await cleanups.get(request)?.()
    cleanups.delete(request)
  }
  app.addHook('onRoute', (route) => {
    const endpoint = route.config?.endpoint
    if (!endpoint) return
    route.preValidation = [
      ...hooksOf(route.preValidation),
      (request, _reply, done) => {
        if (request.isMultipart() === Boolean(endpoint.files)) return done()
        done(new AppError('REQUEST_MEDIA_TYPE', { type: (request.headers['content-type'] ?? 'none').split(';')[0]!, expected: endpoint.files ? 'multipart/form-data' : 'application/json' }))
      },
    ]
    const declared = endpoint.files
    if (!declared) return
    route.preHandler = [
      ...hooksOf(route.preHandler),
      async (request) => {
        const { cleanup, ...body } = await readMultipart(request, declared, localeOf(request), mediaMaxBytes)
        cleanups.set(request, cleanup)
        request.multipart = body
      },
    ]
    route.onResponse = [...hooksOf(route.onResponse), cleanUp]
    route.onRequestAbort = [...hooksOf(route.onRequestAbort), cleanUp]
  })
}

function hooksOf<Hook>(hooks: Hook | Hook[] | undefined): Hook[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]
}
