import type { ApiConfig } from '../config.js'
import { createDiskStore } from './disk-store.js'
import type { FileStore } from './file-store.js'

/**
 * The store FILE_STORE names (docs/files.md, "Where files are kept"): the folder UPLOAD_DIR, or
 * the bucket of the S3_* settings, checked (and made if missing) before the api serves. The S3
 * client is loaded only for the s3 store: a disk store's api holds none of it in memory.
 */
export const createFileStore = async (
  config: Pick<ApiConfig, 'uploads' | 'fileStore'>,
): Promise<FileStore> => {
  if (config.fileStore.kind === 'disk') return createDiskStore(config.uploads.dir)
  const { createS3Store } = await import('./s3-store.js')
  return createS3Store(config.fileStore.s3)
}
