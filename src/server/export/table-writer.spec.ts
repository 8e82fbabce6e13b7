import { describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { createTableWriter } from './table-writer'

const columns = [{ title: 'Id', numeric: true }, { title: 'Name' }, { title: 'Amount', numeric: true }]

async function collect(output: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of output) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe('table writer', () => {
  it('writes CSV with a byte-order mark, CRLF rows, quoting, and formulas defused', async () => {
    const table = createTableWriter('csv', columns)
    const bytes = collect(table.output)
    table.write([[1, 'plain', '1.50'], [2, '=cmd|"/c calc"', '-3']])
    await table.ready()
    await table.end()
    expect((await bytes).toString('utf8')).toBe('\uFEFFId,Name,Amount\r\n1,plain,1.50\r\n2,"\'=cmd|""/c calc""",\'-3\r\n')
  })

  it('writes a workbook whose numeric columns are numbers and whose text is defused', async () => {
    const table = createTableWriter('xlsx', columns, 'Cards')
    const bytes = collect(table.output)
    table.write([[1, '+x', '2.50'], [2, 'y', '']])
    await table.ready()
    await table.end()
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await bytes) as unknown as ArrayBuffer)
    const sheet = workbook.getWorksheet('Cards')!
    // An empty cell is no cell in the file.
    expect(sheet.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1))).toEqual([['Id', 'Name', 'Amount'], [1, "'+x", 2.5], [2, 'y']])
  })

  it('keeps a large workbook out of memory: each chunk waits until the compressor has caught up', async () => {
    const wide = Array.from({ length: 12 }, (_, i) => ({ title: `Column ${i}` }))
    const table = createTableWriter('xlsx', wide)
    let bytes = 0
    table.output.on('data', (chunk: Buffer) => (bytes += chunk.length))
    const finished = new Promise((resolve) => table.output.on('end', resolve))
    let peak = 0
    for (let chunk = 0; chunk < 100; chunk++) {
      table.write(Array.from({ length: 2000 }, (_, i) => wide.map((_, c) => `Batch ${chunk} card ${i} column ${c}`)))
      await table.ready()
      peak = Math.max(peak, process.memoryUsage().arrayBuffers)
    }
    await table.end()
    await finished
    // 200,000 rows are about 130 MB of sheet XML; left to pile up before the compressor, most of it would be held at once.
    expect(peak / 2 ** 20).toBeLessThan(40)
    expect(bytes).toBeGreaterThan(1_000_000)
  }, 60_000)
})
