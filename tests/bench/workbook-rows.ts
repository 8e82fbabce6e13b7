import JSZip from 'jszip'

/**
 * Rows in a workbook's first sheet, header included, counted as the sheet's XML is inflated
 * piece by piece: a million cards are some 500 MB of XML, about as long as a string can be.
 */
export async function countWorkbookRows(workbook: Buffer): Promise<number> {
  const zip = await JSZip.loadAsync(workbook)
  const sheet = zip.file(/^xl\/worksheets\/sheet\d*\.xml$/)[0]
  if (!sheet) throw new Error('The workbook has no sheet.')
  const tag = '<row '
  let count = 0
  let carry = ''
  // jszip's stream is an old-style one, not async-iterable.
  await new Promise<void>((resolve, reject) => {
    sheet
      .nodeStream('nodebuffer')
      .on('data', (piece: Buffer) => {
        const text = carry + piece.toString('latin1')
        for (let at = text.indexOf(tag); at !== -1; at = text.indexOf(tag, at + tag.length)) count++
        // A tag cut in two by the chunking is counted in the next piece, and only there.
        carry = text.slice(Math.max(0, text.length - (tag.length - 1)))
      })
      .on('end', resolve)
      .on('error', reject)
  })
  return count
}
