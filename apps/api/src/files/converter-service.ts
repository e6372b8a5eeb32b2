import { createReadStream, createWriteStream } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { extensionOf } from '@palabre/contracts'
import { PreviewUnavailable } from './sandbox.js'
import type { ConversionJob, Sandbox } from './sandbox.js'

// The converter service's protocol (docs/files.md, "The sandbox"): where an api node cannot
// make a sandbox of its own (an unprivileged container), it sends each document to a
// converter service on a Unix socket and gets the PDF back. The service's container has no
// network and no secret; it sees a document only while converting it.

/** The service's one call: the document as the body, the PDF as the answer. */
export const CONVERT_PATH = '/convert'
/** The document's extension (LibreOffice reads the format from it). */
export const EXTENSION_HEADER = 'x-document-extension'
/** How long the service may take, so it kills the conversion when its asker stops waiting. */
export const TIMEOUT_HEADER = 'x-timeout-ms'

/** The longest refusal read back: a reason, not a log. */
const MAX_REASON_BYTES = 1_000

const reasonOf = async (body: AsyncIterable<Buffer>): Promise<string> => {
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of body) {
    if (length < MAX_REASON_BYTES) chunks.push(chunk)
    length += chunk.length
  }
  return Buffer.concat(chunks).subarray(0, MAX_REASON_BYTES).toString('utf8').trim()
}

/** Sends one job's document to the service at `socketPath` and writes the PDF it answers. */
const convertThere = (socketPath: string, job: ConversionJob): Promise<void> =>
  new Promise((done, fail) => {
    const { dir, input, timeoutMs, signal } = job
    const unreachable = (error: Error) =>
      fail(new PreviewUnavailable(`The converter service could not be reached: ${error.message}`))
    const sent = request(
      {
        socketPath,
        method: 'POST',
        path: CONVERT_PATH,
        headers: {
          'content-type': 'application/octet-stream',
          [EXTENSION_HEADER]: extensionOf(input),
          [TIMEOUT_HEADER]: String(timeoutMs),
        },
        // The service bounds the conversion; this bounds the wait for its answer.
        signal: AbortSignal.any([
          AbortSignal.timeout(timeoutMs + 10_000),
          ...(signal ? [signal] : []),
        ]),
      },
      (answer) => {
        if (answer.statusCode === 200) {
          const stem = input.replace(/\.[^.]*$/, '')
          pipeline(answer, createWriteStream(join(dir, `${stem}.pdf`))).then(done, unreachable)
          return
        }
        reasonOf(answer).then(
          (reason) =>
            fail(
              new PreviewUnavailable(
                reason || `The converter service answered ${answer.statusCode}.`,
              ),
            ),
          unreachable,
        )
      },
    )
    sent.on('error', unreachable)
    pipeline(createReadStream(join(dir, input)), sent).catch(unreachable)
  })

/** Conversions sent to the converter service listening on `socketPath`. */
export const converterService = (socketPath: string): Sandbox => ({
  kind: 'converter service',
  convert: (job) => convertThere(socketPath, job),
})
