// pdf.js decodes JPEG 2000 and JBIG2 images, what scanners write, with WebAssembly modules it
// asks for by file name. Vite gives them names of their own (hashed): this hands each one over
// by its pdf.js name. Fetched only by a PDF holding such an image (docs/reader.md, "PDF and
// previews").
import jbig2 from 'pdfjs-dist/wasm/jbig2.wasm?url'
import openjpeg from 'pdfjs-dist/wasm/openjpeg.wasm?url'

const wasmFiles: Readonly<Record<string, string>> = {
  'jbig2.wasm': jbig2,
  'openjpeg.wasm': openjpeg,
}

/**
 * What pdf.js's `BinaryDataFactory` option takes: the files its worker asks the page for. Only
 * the decoders: no character map or font file is served, and nothing else is fetched.
 */
export class BundledDecoders {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = kind === 'wasmUrl' ? wasmFiles[filename] : undefined
    if (url === undefined) throw new Error(`No ${kind} file ${filename} in this build`)
    const response = await fetch(url)
    if (!response.ok) throw new Error(`${url}: ${response.status}`)
    return new Uint8Array(await response.arrayBuffer())
  }
}
