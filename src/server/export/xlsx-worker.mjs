// A worker thread that builds a streamed workbook with exceljs, so that turning rows into
// sheet XML runs beside the thread reading them from the database (src/server/export/table-writer.ts).
// Plain JavaScript: Node runs the file as it is, from the source tree and from the build alike.
import { parentPort, workerData } from 'node:worker_threads'
import { Writable } from 'node:stream'
import ExcelJS from 'exceljs'

const { columns, sheetName } = workerData
const port = parentPort

// The workbook's bytes go to the main thread as they come out of the zip.
const sink = new Writable({
  highWaterMark: 1 << 20,
  write(chunk, _encoding, done) {
    port.postMessage({ type: 'bytes', chunk })
    done()
  },
})
const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false })
const sheet = workbook.addWorksheet(sheetName)
sheet.columns = columns.map((c, i) => ({ key: String(i), width: c.width }))

// Sheet XML the compressor may be behind by: a few chunks' worth, so that it always has work
// while the next chunk's rows are turned into XML, instead of the two taking turns.
const SLACK = 4 * 2 ** 20

// Rows turned into XML between two turns of the event loop. The compressor deflates on
// libuv's thread pool, but each finished piece is handed on by a callback on this thread.
// A chunk of 2,000 rows rendered in one go lets it deflate one piece and then sit idle until
// the chunk is done, so the two take turns: 9 s of a 35 s export of a million cards waited.
const ROWS_PER_TURN = 25

// One message at a time, in order: a chunk still rendering when the next one (or the end) arrives.
let handled = Promise.resolve()
port.on('message', (message) => {
  handled = handled.then(() => handle(message))
})

async function handle(message) {
  try {
    if (message.type === 'rows') {
      const { rows } = message
      for (let i = 0; i < rows.length; i++) {
        sheet.addRow(rows[i]).commit()
        if ((i + 1) % ROWS_PER_TURN === 0) await new Promise(setImmediate)
      }
      await compressorCaughtUp(sheet)
      port.postMessage({ type: 'taken' })
    } else if (message.type === 'end') {
      sheet.commit()
      await workbook.commit()
      port.postMessage({ type: 'done' })
      port.close()
    }
  } catch (error) {
    port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
    port.close()
  }
}

/**
 * exceljs 4 hands each committed row to the zip compressor without heeding backpressure
 * (exceljs/exceljs#1894; the fix waits for its next major version), so rows produced faster
 * than they are deflated pile up in memory: 700 MB for a million. Here we wait, after each
 * chunk, until the stream feeding the sheet's zip entry is less than SLACK behind. It reaches
 * into the writer's internals (the sheet's stream and what it pipes to); should they change,
 * this waits for nothing, and the export still completes, only with more memory.
 */
function compressorCaughtUp(worksheet) {
  const entry = worksheet.stream?.pipes?.[0]
  const state = entry?._writableState
  if (!entry || !state || state.length <= SLACK) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      entry.off('drain', done)
      entry.off('close', done)
      resolve()
    }
    entry.once('drain', done)
    entry.once('close', done)
  })
}
