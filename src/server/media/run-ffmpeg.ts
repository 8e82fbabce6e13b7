import { spawn } from 'node:child_process'
import { AbortError, MediaError } from './media-error'
import { createProgressReader } from './ffmpeg-progress'
import { createTail, meaningfulErrorLine } from './stderr-tail'
import { mediaCommands } from './tools'
import { ffmpegDuration, timed } from '../metrics/instruments'

export interface RunOptions {
  signal?: AbortSignal
  cwd?: string
}

export interface FfmpegRunOptions extends RunOptions {
  /** The length of what is being written, for the share done; without it only the final 1 is reported. */
  durationSeconds?: number
  onProgress?: (fraction: number) => void
}

/**
 * Put before every ffmpeg run's own arguments: no banner, no reading the terminal, overwrite
 * the output, progress as key=value lines on stdout instead of the stats line, and a level
 * tag on each log line so the error line can be told from the chatter around it.
 */
export const FFMPEG_PREFIX = ['-hide_banner', '-nostdin', '-y', '-nostats', '-progress', 'pipe:1', '-loglevel', 'level+info'] as const

export async function runFfmpeg(args: readonly string[], opts: FfmpegRunOptions = {}): Promise<void> {
  const progress = createProgressReader(opts.durationSeconds, opts.onProgress)
  await timed((seconds, outcome) => ffmpegDuration.observe({ outcome }, seconds), () => spawnTool(mediaCommands().ffmpeg, [...FFMPEG_PREFIX, ...args], { ...opts, onStdout: (text) => progress.push(text) }))
  progress.finish()
}

export interface ProcessOptions extends RunOptions {
  /** Written to the child's stdin, which is then closed. */
  input?: string
  /** Stdout beyond this many bytes ends the run with an error rather than filling memory. */
  maxOutputBytes?: number
}

export interface ProcessResult {
  stdout: string
  /** The last few KB of stderr. */
  stderr: string
}

const DEFAULT_MAX_OUTPUT = 8 * 2 ** 20

/** ffprobe, espeak-ng or any other short tool run: its stdout collected, a non-zero exit a MediaError. */
export function runProcess(command: string, args: readonly string[], opts: ProcessOptions = {}): Promise<ProcessResult> {
  const max = opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT
  const chunks: Buffer[] = []
  let bytes = 0
  return spawnTool(command, args, {
    ...opts,
    onStdoutBytes(chunk) {
      bytes += chunk.length
      if (bytes > max) throw new MediaError(`printed more than ${max} bytes`, { command })
      chunks.push(chunk)
    },
  }).then((stderr) => ({ stdout: Buffer.concat(chunks).toString('utf8'), stderr }))
}

interface SpawnOptions extends ProcessOptions {
  onStdout?: (text: string) => void
  /** Throwing from here ends the run with that error. */
  onStdoutBytes?: (chunk: Buffer) => void
}

/** Runs one child to its end; resolves with its stderr tail. Settles only after the child has exited, so its files are closed before anyone removes them. */
function spawnTool(command: string, args: readonly string[], opts: SpawnOptions): Promise<string> {
  const { signal } = opts
  if (signal?.aborted) return Promise.reject(new AbortError())
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd, stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] })
    const stderr = createTail()
    let failure: Error | null = null
    const stop = (error: Error) => {
      failure ??= error
      // SIGKILL: ffmpeg asked nicely finishes its output file first, which is work nobody wants any more.
      child.kill('SIGKILL')
    }
    const onAbort = () => stop(new AbortError())
    signal?.addEventListener('abort', onAbort, { once: true })

    child.stdout!.on('data', (chunk: Buffer) => {
      if (failure) return
      try {
        opts.onStdoutBytes?.(chunk)
        opts.onStdout?.(chunk.toString('latin1'))
      } catch (error) {
        stop(error as Error)
      }
    })
    child.stderr!.setEncoding('utf8')
    child.stderr!.on('data', (text: string) => stderr.push(text))
    if (opts.input !== undefined) {
      // A child that exits without reading all of its input closes the pipe; its exit code says what happened.
      child.stdin!.on('error', () => {})
      child.stdin!.end(opts.input)
    }

    child.on('error', (error: NodeJS.ErrnoException) => {
      signal?.removeEventListener('abort', onAbort)
      reject(
        error.code === 'ENOENT'
          ? new MediaError(`${command} was not found; on Debian: apt-get install -y ffmpeg fonts-noto-cjk espeak-ng`, { command })
          : new MediaError(error.message, { command }),
      )
    })
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', onAbort)
      if (failure) return reject(failure)
      const tail = stderr.text()
      if (code === 0) return resolve(tail)
      const reason = meaningfulErrorLine(tail) ?? (killedBy ? `killed by ${killedBy}` : `exited with code ${code}`)
      reject(new MediaError(reason, { command, exitCode: code, signal: killedBy, stderrTail: tail }))
    })
  })
}
