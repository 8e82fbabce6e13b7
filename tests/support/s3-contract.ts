import { createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { listenLocal } from './listen-local'

/**
 * An S3-compatible server on 127.0.0.1 that speaks what the store uses, path-style: PUT, GET and
 * DELETE of an object with a SigV4 Authorization header, and the browser's POST of a form with a
 * presigned policy, whose signature, expiry and conditions it checks as S3 documents them
 * (Authenticating Requests in Browser-Based Uploads Using POST, AWS Signature Version 4).
 */
export interface S3Contract {
  port: number
  endpoint: string
  objects: Map<string, { body: Buffer; type: string }>
  /** Each request as method and path, in order. */
  log: string[]
  close(): Promise<void>
}

export async function startS3Contract(opts: { bucket: string; accessKeyId: string; secretAccessKey: string; region: string }): Promise<S3Contract> {
  const objects = new Map<string, { body: Buffer; type: string }>()
  const log: string[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const path = decodeURIComponent(req.url!.split('?')[0]!)
      log.push(`${req.method} ${path}`)
      const prefix = `/${opts.bucket}`
      if (!path.startsWith(prefix)) return s3Error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist')
      const key = path.slice(prefix.length + 1)
      if (req.method === 'POST' && key === '') return browserPost(req, res, body)
      if (!signedHeader(req)) return s3Error(res, 403, 'AccessDenied', 'Missing or foreign credentials')
      if (req.method === 'PUT') {
        // As S3-compatible stores that do not speak it: a body in aws-chunked framing is not taken for the object's bytes.
        if (/aws-chunked/.test(String(req.headers['content-encoding'] ?? '')) || String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-')) {
          return s3Error(res, 501, 'NotImplemented', 'A header you provided implies functionality that is not implemented')
        }
        objects.set(key, { body, type: String(req.headers['content-type'] ?? 'application/octet-stream') })
        return res.writeHead(200, { etag: '"0"' }).end()
      }
      if (req.method === 'GET') {
        const object = objects.get(key)
        if (!object) return s3Error(res, 404, 'NoSuchKey', 'The specified key does not exist.')
        return res.writeHead(200, { 'content-type': object.type, 'content-length': object.body.length }).end(object.body)
      }
      if (req.method === 'DELETE') {
        objects.delete(key)
        return res.writeHead(204).end()
      }
      s3Error(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.')
    })
  })

  const signedHeader = (req: IncomingMessage) => String(req.headers.authorization ?? '').startsWith(`AWS4-HMAC-SHA256 Credential=${opts.accessKeyId}/`)

  const browserPost = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(String(req.headers['content-type']))
    if (!boundary) return s3Error(res, 400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.')
    const { fields, file } = parseForm(body, boundary[1] ?? boundary[2]!)
    if (!file) return s3Error(res, 400, 'InvalidArgument', 'POST requires exactly one file upload per request.')
    const credential = fields['x-amz-credential'] ?? ''
    const [accessKey, date, region, service] = credential.split('/')
    if (accessKey !== opts.accessKeyId || region !== opts.region || service !== 's3') return s3Error(res, 403, 'InvalidAccessKeyId', 'The AWS access key Id you provided does not exist in our records.')
    const policyText = fields.policy ?? ''
    const expected = createHmac('sha256', signingKey(opts.secretAccessKey, date!, region, 's3')).update(policyText).digest('hex')
    if (fields['x-amz-signature'] !== expected) return s3Error(res, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.')
    const policy = JSON.parse(Buffer.from(policyText, 'base64').toString()) as { expiration: string; conditions: unknown[] }
    if (Date.parse(policy.expiration) < Date.now()) return s3Error(res, 403, 'AccessDenied', 'Invalid according to Policy: Policy expired.')
    for (const condition of policy.conditions) {
      const broken = brokenCondition(condition, { ...fields, bucket: opts.bucket }, file.length)
      if (broken) return s3Error(res, 403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ${broken}`)
    }
    objects.set(fields.key!, { body: file, type: fields['content-type'] ?? 'application/octet-stream' })
    res.writeHead(204).end()
  }

  const listening = await listenLocal(server)
  return {
    port: Number(new URL(listening.origin).port),
    endpoint: listening.origin,
    objects,
    log,
    close: listening.close,
  }
}

function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  const step = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest()
  return step(step(step(step(`AWS4${secret}`, date), region), service), 'aws4_request')
}

/** A policy condition the form breaks, said as S3 says it; undefined when it holds. Field names match without regard to case. */
function brokenCondition(condition: unknown, fields: Record<string, string>, size: number): string | undefined {
  if (Array.isArray(condition)) {
    const [op, name, value] = condition as [string, string | number, string | number]
    if (op === 'content-length-range') return size < Number(name) || size > Number(value) ? `["content-length-range", ${name}, ${value}]` : undefined
    const field = fields[String(name).replace(/^\$/, '').toLowerCase()] ?? ''
    if (op === 'eq') return field === String(value) ? undefined : `["eq", "${name}", "${value}"]`
    if (op === 'starts-with') return field.startsWith(String(value)) ? undefined : `["starts-with", "${name}", "${value}"]`
    return `unknown operator ${op}`
  }
  for (const [name, value] of Object.entries(condition as Record<string, string>)) {
    if ((fields[name.toLowerCase()] ?? '') !== value) return `["eq", "$${name}", "${value}"]`
  }
  return undefined
}

/** multipart/form-data: its text fields (names lower-cased, as S3 reads them) and the part named "file". */
function parseForm(body: Buffer, boundary: string): { fields: Record<string, string>; file?: Buffer } {
  const fields: Record<string, string> = {}
  let file: Buffer | undefined
  const delimiter = Buffer.from(`--${boundary}`)
  let at = body.indexOf(delimiter)
  while (at !== -1) {
    const start = at + delimiter.length
    const next = body.indexOf(delimiter, start)
    if (next === -1) break
    const part = body.subarray(start + 2, next - 2)
    const split = part.indexOf('\r\n\r\n')
    const head = part.subarray(0, split).toString()
    const content = part.subarray(split + 4)
    const name = /name="([^"]+)"/.exec(head)?.[1]
    if (name === 'file') file = content
    else if (name) fields[name.toLowerCase()] = content.toString()
    at = next
  }
  return { fields, file }
}

function s3Error(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`)
}
