// Hostile office documents for the previews' sandbox tests (docs/files.md, "The sandbox"): the
// sample .docx with one picture added, either inside the document or linked to a URL that
// LibreOffice fetches while it converts (an http:// address, or a file:// path).
import { sampleOffice, samplePng } from '@palabre/testing/sample-files'
import { ZipFile } from 'yazl'
import { readZip } from './zip.js'

const RELATIONSHIPS = 'word/_rels/document.xml.rels'
const DOCUMENT = 'word/document.xml'
const IMAGE_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image'

/** A picture 1 inch square at the start of the body, its bytes named by relationship `rIdPic`. */
const picture = (link: 'embed' | 'link') =>
  '<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0">' +
  '<wp:extent cx="914400" cy="914400"/><wp:docPr id="1" name="Picture 1"/>' +
  '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">' +
  '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
  '<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
  '<pic:nvPicPr><pic:cNvPr id="1" name="picture.png"/><pic:cNvPicPr/></pic:nvPicPr>' +
  `<pic:blipFill><a:blip r:${link}="rIdPic"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
  '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="914400" cy="914400"/></a:xfrm>' +
  '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>' +
  '</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>'

const zipOf = (entries: Map<string, Buffer>): Promise<Buffer> =>
  new Promise((done, fail) => {
    const zip = new ZipFile()
    for (const [name, bytes] of entries) zip.addBuffer(bytes, name)
    zip.end()
    const chunks: Buffer[] = []
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk))
    zip.outputStream.on('error', fail)
    zip.outputStream.on('end', () => done(Buffer.concat(chunks)))
  })

/**
 * The sample .docx with a picture: `{embedded: true}` carries its bytes, `{linkedTo: url}`
 * points at them outside the document (`TargetMode="External"`), as a hostile upload would.
 */
export const docxWithPicture = async (
  picked: { embedded: true } | { linkedTo: string },
): Promise<Buffer> => {
  const entries = await readZip(await sampleOffice('docx'))
  const relationship =
    'embedded' in picked
      ? `<Relationship Id="rIdPic" Type="${IMAGE_TYPE}" Target="media/picture.png"/>`
      : `<Relationship Id="rIdPic" Type="${IMAGE_TYPE}" Target="${picked.linkedTo}" TargetMode="External"/>`
  const rels = entries.get(RELATIONSHIPS)?.toString('utf8') ?? ''
  const body = entries.get(DOCUMENT)?.toString('utf8') ?? ''
  if (!rels.includes('</Relationships>') || !body.includes('<w:body>'))
    throw new Error('the sample .docx changed: no relationships or body to add a picture to')
  entries.set(
    RELATIONSHIPS,
    Buffer.from(rels.replace('</Relationships>', `${relationship}</Relationships>`)),
  )
  entries.set(
    DOCUMENT,
    Buffer.from(
      body.replace('<w:body>', `<w:body>${picture('embedded' in picked ? 'embed' : 'link')}`),
    ),
  )
  if ('embedded' in picked) entries.set('word/media/picture.png', samplePng(40, 40, [200, 30, 30]))
  return zipOf(entries)
}

/** The sample .docx carrying `label` in an entry of its own, to tell documents apart. */
export const labelledDocx = async (label: string): Promise<Buffer> => {
  const entries = await readZip(await sampleOffice('docx'))
  entries.set('label.txt', Buffer.from(label))
  return zipOf(entries)
}

/** The label `labelledDocx` put in a document, or its bytes as text for any other. */
export const labelOf = async (bytes: Buffer): Promise<string> => {
  if (bytes.subarray(0, 2).toString('latin1') !== 'PK') return bytes.toString('utf8')
  return (await readZip(bytes)).get('label.txt')?.toString('utf8') ?? ''
}

/**
 * How many pictures a PDF draws: LibreOffice writes each as an image XObject, whose dictionary
 * is plain text in its PDFs (it writes no object streams).
 */
export const imagesInPdf = (pdf: Buffer): number =>
  pdf.toString('latin1').match(/\/Subtype\s*\/Image\b/g)?.length ?? 0
