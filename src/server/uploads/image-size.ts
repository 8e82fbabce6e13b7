/**
 * An image's width and height read from its header, without decoding it: PNG, JPEG, GIF and
 * WebP, the types an image upload takes. Undefined when the header cannot be read. A
 * decompression bomb (30000 × 30000 in a few kilobytes) is told by its header alone.
 */
export function imageSize(data: Buffer): { width: number; height: number } | undefined {
  if (data.length >= 24 && data.toString('latin1', 1, 4) === 'PNG') return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) }
  if (data.length >= 10 && data.toString('latin1', 0, 3) === 'GIF') return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) }
  if (data.length >= 30 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return webpSize(data)
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) return jpegSize(data)
  return undefined
}

function webpSize(data: Buffer): { width: number; height: number } | undefined {
  const chunk = data.toString('latin1', 12, 16)
  if (chunk === 'VP8X') return { width: 1 + data.readUIntLE(24, 3), height: 1 + data.readUIntLE(27, 3) }
  if (chunk === 'VP8L') {
    const bits = data.readUInt32LE(21)
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) }
  }
  if (chunk === 'VP8 ') return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff }
  return undefined
}

/** The frame header (SOF0–SOF15 but DHT, JPG and DAC) holds the size; the segments before it are skipped by their lengths. */
function jpegSize(data: Buffer): { width: number; height: number } | undefined {
  let at = 2
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return undefined
    const marker = data[at + 1]!
    if (marker === 0xff) {
      at += 1
      continue
    }
    const length = data.readUInt16BE(at + 2)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { width: data.readUInt16BE(at + 7), height: data.readUInt16BE(at + 5) }
    at += 2 + length
  }
  return undefined
}
