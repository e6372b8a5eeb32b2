import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { samplePdf, samplePng, sampleMp4, sampleWebm } from '@palabre/testing/sample-files'

/** Real files of the extensions the document's uploads name in their examples. */
const sampleOf: Readonly<Record<string, () => Buffer>> = {
  png: () => samplePng(),
  mp4: () => sampleMp4(),
  webm: () => sampleWebm(),
  pdf: () => samplePdf(),
}

interface MultipartMedia {
  encoding?: Record<
    string,
    { contentType?: string; headers?: { 'Content-Disposition'?: { example?: string } } }
  >
}

/**
 * Writes, for every upload of the document at `schemaUrl`, a real file of the type its example
 * file name says, and a manifest naming it for each media type the upload takes
 * (schemathesis_hooks.py reads it: PALABRE_FUZZ_SAMPLES). schemathesis sends the file under the
 * example's name, whichever of those types it picks. Answers the manifest's path.
 */
export const writeUploadSamples = async (schemaUrl: string, dir: string): Promise<string> => {
  const document = (await (await fetch(schemaUrl)).json()) as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>
  }
  const manifest: Record<string, string> = {}
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item)) {
      const media = operation.requestBody?.content?.['multipart/form-data'] as
        MultipartMedia | undefined
      for (const [field, encoding] of Object.entries(media?.encoding ?? {})) {
        const example = encoding.headers?.['Content-Disposition']?.example ?? ''
        const name = /filename="([^"]+)"/.exec(example)?.[1]
        const extension = name?.split('.').pop() ?? ''
        const sample = sampleOf[extension]
        if (name === undefined || sample === undefined)
          throw new Error(`no sample file for the upload field ${field} named "${name}"`)
        const file = path.join(dir, `sample-${name}`)
        writeFileSync(file, sample())
        for (const type of (encoding.contentType ?? '').split(','))
          if (type.trim() !== '') manifest[type.trim()] = file
      }
    }
  const manifestFile = path.join(dir, 'upload-samples.json')
  writeFileSync(manifestFile, JSON.stringify(manifest))
  return manifestFile
}
