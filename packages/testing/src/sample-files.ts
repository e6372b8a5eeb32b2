import { readFile } from 'node:fs/promises'
import { deflateSync, crc32 } from 'node:zlib'

/**
 * Real files of each uploadable type, small and made here, for the upload, download and reader
 * tests (docs/files.md): each is what its type's sniffing and viewers expect, not a renamed blob.
 */

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A PNG of one colour, `width` x `height` pixels. */
export const samplePng = (
  width = 64,
  height = 48,
  rgb: [number, number, number] = [20, 120, 200],
) => {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits, truecolour, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())])
  const pixels = Buffer.concat(Array(height).fill(row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A one-page PDF showing `text`, with a correct cross-reference table. */
export const samplePdf = (text = 'Palabre sample PDF', pages = 1): Buffer => {
  const objects: string[] = []
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i * 2} 0 R`).join(' ')
  objects.push('<< /Type /Catalog /Pages 2 0 R >>')
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`)
  const font = 3 + pages * 2
  for (let i = 0; i < pages; i++) {
    const content = `BT /F1 24 Tf 72 720 Td (${text.replace(/[()\\]/g, '')} ${i + 1}) Tj ET`
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${4 + i * 2} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
    )
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`)
  }
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out, 'latin1')
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

/** The start of an MP4 (an `ftyp` box of brand isom, then padding): what sniffing reads. */
export const sampleMp4 = (size = 4096): Buffer => {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2avc1mp41', 'latin1'),
  ])
  const free = Buffer.alloc(Math.max(8, size - ftyp.length))
  free.writeUInt32BE(free.length)
  free.write('free', 4, 'latin1')
  return Buffer.concat([ftyp, free])
}

/** The first page of an Ogg Vorbis stream. */
export const sampleOgg = (): Buffer => {
  const page = Buffer.alloc(28)
  page.write('OggS', 0, 'latin1')
  page[5] = 2 // first page of the stream
  page[26] = 1 // one segment
  page[27] = 30
  const ident = Buffer.alloc(30)
  ident[0] = 1
  ident.write('vorbis', 1, 'latin1')
  return Buffer.concat([page, ident])
}

/** An EBML header whose document type is webm, as MediaRecorder's files start. */
export const sampleWebm = (): Buffer => {
  const element = (id: number[], data: Buffer) =>
    Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data])
  const body = Buffer.concat([
    element([0x42, 0x86], Buffer.from([1])),
    element([0x42, 0xf7], Buffer.from([1])),
    element([0x42, 0xf2], Buffer.from([4])),
    element([0x42, 0xf3], Buffer.from([8])),
    element([0x42, 0x82], Buffer.from('webm', 'latin1')),
    element([0x42, 0x87], Buffer.from([4])),
    element([0x42, 0x85], Buffer.from([2])),
  ])
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body])
}

export type OfficeSample = 'doc' | 'docx' | 'xls' | 'xlsx' | 'pptx'

/** A small real office document made by LibreOffice (fixtures/README.md). */
export const sampleOffice = (ext: OfficeSample): Promise<Buffer> =>
  readFile(new URL(`../fixtures/sample.${ext}`, import.meta.url))
