import { describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { createTableWriter } from './table-writer'
import { HOSTILE_CELLS, parseCsvStrictly, startsFormula } from '../../../tests/support/hostile-cells'

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
    // A negative amount stays a number, which a spreadsheet adds up: only text is defused.
    expect((await bytes).toString('utf8')).toBe('\uFEFFId,Name,Amount\r\n1,plain,1.50\r\n2,"\'=cmd|""/c calc""",-3\r\n')
  })

  it('defuses a numeric column holding anything but a plain number', async () => {
    const table = createTableWriter('csv', columns)
    const bytes = collect(table.output)
    table.write([[3, 'x', '-2+3'], [4, 'y', '-1.5e3'], [5, 'z', -0.5]])
    await table.ready()
    await table.end()
    expect((await bytes).toString('utf8')).toBe("\uFEFFId,Name,Amount\r\n3,x,'-2+3\r\n4,y,'-1.5e3\r\n5,z,-0.5\r\n")
  })

  it('keeps every record on one row and no cell a formula, whatever line breaks and formula starts the text holds', async () => {
    const table = createTableWriter('csv', columns)
    const bytes = collect(table.output)
    table.write(HOSTILE_CELLS.map((text, i) => [i + 1, text, '1.00']))
    await table.ready()
    await table.end()
    const [header, ...rows] = parseCsvStrictly((await bytes).toString('utf8'))
    expect(header).toEqual(['Id', 'Name', 'Amount'])
    expect(rows.map((row) => row[0])).toEqual(HOSTILE_CELLS.map((_, i) => String(i + 1)))
    expect(rows.map((row) => row.length)).toEqual(HOSTILE_CELLS.map(() => 3))
    expect(rows.map((row) => row[1]).filter((cell) => startsFormula(cell!))).toEqual([])
    // Nothing is lost: a cell reads as its text, behind the apostrophe where one was needed.
    expect(rows.map((row) => row[1]!.replace(/^'/, ''))).toEqual(HOSTILE_CELLS)
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
    expect(sheet.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1))).toEqual([['Id', 'Name', 'Amount'], [1, "'+x", 2.5], [2, 'y']])
  })

  it('leaves a blank out of the workbook: no cell, not a cell holding empty text', async () => {
    const table = createTableWriter('xlsx', columns)
    const bytes = collect(table.output)
    table.write([[1, '', '2.50'], [2, null, undefined]])
    await table.ready()
    await table.end()
    const sheet = await (await JSZip.loadAsync(await bytes)).file('xl/worksheets/sheet1.xml')!.async('string')
    const cells = [...sheet.matchAll(/<c r="([A-Z]+\d+)"/g)].map((m) => m[1])
    expect(cells).toEqual(['A1', 'B1', 'C1', 'A2', 'C2', 'A3'])
  })

  it('keeps a large workbook out of memory: each chunk waits until the worker and its compressor have caught up', async () => {
    const wide = Array.from({ length: 12 }, (_, i) => ({ title: `Column ${i}` }))
    const table = createTableWriter('xlsx', wide)
    let bytes = 0
    table.output.on('data', (chunk: Buffer) => (bytes += chunk.length))
    const finished = new Promise((resolve) => table.output.on('end', resolve))
    // Resident memory covers the worker thread too; counted from when it is up and running.
    let before = 0
    let peak = 0
    for (let chunk = 0; chunk < 100; chunk++) {
      table.write(Array.from({ length: 2000 }, (_, i) => wide.map((_, c) => `Batch ${chunk} card ${i} column ${c}`)))
      await table.ready()
      if (chunk === 4) before = process.memoryUsage().rss
      if (chunk > 4) peak = Math.max(peak, process.memoryUsage().rss - before)
    }
    await table.end()
    await finished
    // 200,000 rows are about 130 MB of sheet XML; left to pile up before the compressor, most of it would be held at once
    // (without the wait, resident memory grows by some 175 MB here; with it, by about 40).
    expect(peak / 2 ** 20).toBeLessThan(90)
    expect(bytes).toBeGreaterThan(1_000_000)
  }, 60_000)

  it('stops the workbook when the download is closed half-way, and says so to the writer', async () => {
    const table = createTableWriter('xlsx', columns)
    table.output.resume()
    table.write([[1, 'a', '1.00']])
    await table.ready()
    table.output.destroy()
    table.write([[2, 'b', '2.00']])
    await expect(table.ready()).rejects.toThrow(/closed|stopped/)
    await expect(table.end()).rejects.toThrow()
  })
})
