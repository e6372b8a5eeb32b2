import { useQuery } from '@tanstack/react-query'
import { fileUrl } from '../../lib/file-links'
import { readerKeys } from './use-reader-files'

/** Whether a stored file is there for the viewer: unknown until asked and answered. */
export type FilePresence = 'unknown' | 'there' | 'gone'

/**
 * Asks the server whether a file is still there (docs/reader.md, "A file that is gone"): a HEAD
 * of its download, which answers 404 for a file deleted or no longer shared with the viewer.
 * Only what answers 404 is gone; any other failure says nothing of the file.
 */
export const useFilePresence = (viewer: string, name: string, ask: boolean): FilePresence => {
  const query = useQuery({
    queryKey: readerKeys.presence(viewer, name),
    queryFn: async ({ signal }): Promise<FilePresence> => {
      const answer = await fetch(fileUrl(name), { method: 'HEAD', signal })
      return answer.status === 404 ? 'gone' : 'there'
    },
    enabled: ask,
  })
  if (query.isError) return 'there'
  return query.data ?? 'unknown'
}
