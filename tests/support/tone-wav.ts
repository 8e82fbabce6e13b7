/** A mono 16-bit PCM WAV of a quiet tone, as a speech server writes what it says. */
export function toneWav(seconds: number, rate: number, hz: number): Buffer {
  const samples = Math.round(seconds * rate)
  const out = Buffer.alloc(44 + samples * 2)
  out.write('RIFF', 0, 'latin1')
  out.writeUInt32LE(36 + samples * 2, 4)
  out.write('WAVEfmt ', 8, 'latin1')
  out.writeUInt32LE(16, 16)
  out.writeUInt16LE(1, 20)
  out.writeUInt16LE(1, 22)
  out.writeUInt32LE(rate, 24)
  out.writeUInt32LE(rate * 2, 28)
  out.writeUInt16LE(2, 32)
  out.writeUInt16LE(16, 34)
  out.write('data', 36, 'latin1')
  out.writeUInt32LE(samples * 2, 40)
  for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * hz * i) / rate)), 44 + i * 2)
  return out
}
