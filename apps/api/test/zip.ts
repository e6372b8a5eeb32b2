// Reads an export back with a well-kept reader (yauzl), which checks each entry's size; the CRC
// of each is checked here: a truncated or corrupt archive fails.
import { crc32 } from 'node:zlib'
import { fromBuffer } from 'yauzl'

/** Every entry of a zip by name, in archive order. */
export const readZip = (zip: Buffer): Promise<Map<string, Buffer>> =>
  new Promise((resolve, reject) => {
    fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (error, file) => {
      if (error) return reject(error)
      const entries = new Map<string, Buffer>()
      file.on('error', reject)
      file.on('end', () => resolve(entries))
      file.on('entry', (entry: { fileName: string; crc32: number }) => {
        file.openReadStream(entry as never, (openError, stream) => {
          if (openError) return reject(openError)
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('error', reject)
          stream.on('end', () => {
            const data = Buffer.concat(chunks)
            if (entries.has(entry.fileName)) reject(new Error(`twice: ${entry.fileName}`))
            if (crc32(data) !== entry.crc32) reject(new Error(`bad CRC: ${entry.fileName}`))
            entries.set(entry.fileName, data)
            file.readEntry()
          })
        })
      })
      file.readEntry()
    })
  })

/** An entry as text. */
export const textOf = (entries: Map<string, Buffer>, name: string): string => {
  const entry = entries.get(name)
  if (!entry) throw new Error(`no ${name} in the archive`)
  return entry.toString('utf8')
}
