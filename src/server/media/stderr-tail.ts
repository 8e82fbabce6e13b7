/** How much of a tool's stderr is kept: enough for the error lines at its end, never the whole chatter of a long run. */
export const STDERR_TAIL_CHARS = 4096

/** Collects text, keeping only the last `limit` characters. */
export function createTail(limit = STDERR_TAIL_CHARS): { push(text: string): void; text(): string } {
  let kept = ''
  return {
    push(text) {
      kept += text
      // Trimmed at twice the limit, so a chatty run is not copying 4 KB on every chunk.
      if (kept.length > limit * 2) kept = kept.slice(-limit)
    },
    text: () => kept.slice(-limit),
  }
}

// Lines ffmpeg prints after the real error, saying only that something failed.
const GENERIC = [
  /^Conversion failed!?$/i,
  /^Error while (processing|decoding|filtering|opening)/i,
  /^Failed to inject frame/i,
  /^Error reinitializing filters!?$/i,
  /^Error initializing (complex )?filters?/i,
  /^Failed to configure (output|input) pad/i,
  /^Error opening (output )?files?/i,
  /^Error (opening|configuring) filters?!?$/i,
  /^Exiting normally/i,
  /^Error while filtering: /i,
  /^Nothing was written into output file/i,
  /^Terminating thread with return code/i,
]

// "[h264 @ 0x55d4…] " names the component; "[error] " is the level that `-loglevel level+…` adds.
const COMPONENT = /^\[[^\]]+ @ (0x)?[0-9a-f]+\]\s*/i
const LEVEL = /^\[(panic|fatal|error|warning|info|verbose|debug|trace)\]\s*/i

interface Line {
  level: string | null
  text: string
}

function parseLine(raw: string): Line {
  let text = raw.trim()
  let level: string | null = null
  for (let i = 0; i < 2; i++) {
    const component = COMPONENT.exec(text)
    if (component) text = text.slice(component[0].length)
    const tag = LEVEL.exec(text)
    if (tag) {
      level = tag[1]!.toLowerCase()
      text = text.slice(tag[0].length)
    }
  }
  return { level, text: text.trim() }
}

/**
 * The line of a tool's stderr that says why it failed: the last error line that is not one
 * of ffmpeg's generic closing lines. When the output carries level tags only error lines
 * count; without them (another tool, or a run with its own -loglevel) the last line that is
 * not a generic one does.
 */
export function meaningfulErrorLine(stderr: string): string | null {
  const lines = stderr.split(/\r?\n|\r/).map(parseLine).filter((l) => l.text !== '')
  const tagged = lines.some((l) => l.level !== null)
  const errors = tagged ? lines.filter((l) => l.level === 'error' || l.level === 'fatal' || l.level === 'panic') : lines
  const specific = errors.filter((l) => !GENERIC.some((g) => g.test(l.text)))
  return (specific.at(-1) ?? errors.at(-1) ?? (tagged ? lines.filter((l) => l.level === 'warning').at(-1) : undefined))?.text ?? null
}
