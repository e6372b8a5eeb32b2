import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { PhotoSize } from '@palabre/contracts'
import { messages, photoPixels, photoSizes } from '@palabre/contracts'
import sharp from 'sharp'
import { HttpError } from '../http/http-error.js'
import type { FileStore } from './file-store.js'

/**
 * People's photos (docs/organisation.md, "Photos"; where they are kept: docs/files.md, "Photos"):
 * made from an uploaded image as two squares, `large` 512 px and `small` 96 px, in webp, each
 * under a key of its own in the file store.
 */

/** The type photos are stored and served in. */
export const photoMime = 'image/webp'

/**
 * The most pixels of an image a photo is made from: a 200-megapixel phone picture is read, a
 * decompression bomb is refused before it is decoded.
 */
export const PHOTO_MAX_INPUT_PIXELS = 250_000_000

/** A new photo's file name: `photo_<16 letters and digits>.webp`, never used before. */
const newPhotoName = (): string =>
  `photo_${randomBytes(24).toString('base64url').replace(/[-_]/g, '').slice(0, 16).padEnd(16, '0')}.webp`

/** The key of a photo's size in the file store: the name for `large`, `small_<name>` for `small`. */
export const photoKey = (photo: string, size: PhotoSize): string =>
  size === 'large' ? photo : `small_${photo}`

export interface PhotoMaker {
  /**
   * Makes a new photo from the stored upload `source` and puts both sizes in the store; answers
   * its name. An image sharp cannot read is refused (415) and nothing is stored.
   */
  make(source: string): Promise<string>
  /** Removes both sizes of a photo from the store; a missing one is no error. */
  remove(photo: string): Promise<void>
}

/** `workDir` is a local folder for the work files (the uploads' arrivals folder). */
export const createPhotoMaker = (store: FileStore, workDir: string): PhotoMaker => {
  const remove = async (photo: string) => {
    await Promise.all(photoSizes.map((size) => store.remove(photoKey(photo, size))))
  }

  return {
    remove,
    async make(source) {
      const dir = await mkdtemp(join(workDir, 'photo-'))
      const name = newPhotoName()
      try {
        const original = join(dir, 'original')
        await store.download(source, original)
        const files = photoSizes.map((size) => ({ size, path: join(dir, `${size}.webp`) }))
        try {
          // Turned upright from its EXIF orientation, then the centre's square; sharp keeps no
          // metadata (EXIF, GPS, ICC) unless asked.
          for (const { size, path } of files)
            await sharp(original, { animated: false, limitInputPixels: PHOTO_MAX_INPUT_PIXELS })
              .rotate()
              .resize(photoPixels[size], photoPixels[size], { fit: 'cover', position: 'centre' })
              .webp({ quality: 82 })
              .toFile(path)
        } catch {
          throw new HttpError('unsupported_media_type', messages.profile.unreadablePhoto)
        }
        try {
          for (const { size, path } of files) await store.put(photoKey(name, size), path, photoMime)
        } catch (error) {
          await remove(name)
          throw error
        }
        return name
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  }
}
