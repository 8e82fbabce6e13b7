// After `vite build`: a .br and a .gz beside every console asset, so the server sends
// them compressed (@fastify/static preCompressed) without compressing on each request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dir = process.argv[2] ?? 'dist/console'
let files = 0
const walk = (folder) => {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) walk(path)
    else if (/\.(js|css|html|svg|json)$/.test(entry.name)) {
      const body = readFileSync(path)
      writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }))
      files++
    }
  }
}
walk(dir)
console.log(`compressed ${files} console files (brotli and gzip)`)
