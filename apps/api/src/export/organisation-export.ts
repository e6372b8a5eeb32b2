import type { Domain } from '@palabre/domain'
import type { FileStore } from '../files/file-store.js'
import type { ManifestFile, ZipWriter } from './zip-writer.js'

/** One JSON line per row. */
async function* jsonLines(
  rows: AsyncIterable<Record<string, unknown>>,
  count: () => void,
): AsyncGenerator<string> {
  for await (const row of rows) {
    count()
    yield `${JSON.stringify(row)}\n`
  }
}

/**
 * The organisation's export (docs/export.md, "The organisation's export"): one JSON lines file
 * per exported collection, every stored file under files/, then manifest.json. The collections
 * and the users' fields are the domain's allow-lists: secrets are never read.
 */
export const writeOrganisationExport = async (
  writer: ZipWriter,
  domain: Domain,
  store: FileStore,
  exportedAt: Date,
): Promise<void> => {
  const reader = domain.exports.organisation
  const rows: Record<string, number> = {}
  for (const collection of reader.collections) {
    rows[collection.file] = 0
    await writer.text(
      collection.file,
      jsonLines(collection.rows(), () => {
        rows[collection.file] = (rows[collection.file] ?? 0) + 1
      }),
      exportedAt,
    )
  }
  const files: ManifestFile[] = []
  let written = 0
  for await (const record of reader.files()) {
    const name = record._id
    const result = await writer.file(name, `files/${name}`, store, record.createdAt)
    files.push(result)
    if (!('error' in result)) written++
  }
  const manifest = {
    format: 'palabre-export/1',
    kind: 'organisation',
    exportedAt,
    entries: [...reader.collections.map((c) => c.file), 'manifest.json'],
    counts: { rows, files: written, filesMissing: files.length - written },
    files,
  }
  await writer.text('manifest.json', [JSON.stringify(manifest, null, 2)], exportedAt)
}
