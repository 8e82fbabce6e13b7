import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'

/** A multipart body as a platform's gateway parses it; null when it is not one. */
export async function formOf(req: IncomingMessage): Promise<FormData | null> {
  const type = req.headers['content-type'] ?? ''
  if (!type.startsWith('multipart/form-data')) return null
  const body = Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>
  return new Request('http://contract', { method: 'POST', headers: { 'content-type': type }, body, duplex: 'half' } as RequestInit).formData().catch(() => null)
}

/**
 * An upload that breaks once the file has started to arrive, as a gateway failing mid-upload
 * does: a 502 (the rest read and dropped, so that the 502 is what the client gets) or a dropped
 * connection.
 */
export async function breakUpload(req: IncomingMessage, res: ServerResponse, as: '502' | 'reset'): Promise<void> {
  await new Promise<void>((resolve) => {
    req.once('data', () => {
      req.pause()
      resolve()
    })
    req.once('end', () => resolve())
  })
  if (as === 'reset') return void req.socket.destroy()
  req.resume()
  res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>')
}
