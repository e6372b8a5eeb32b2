import { filesRoutes, type FileInfo } from '@palabre/contracts'
import { useQuery } from '@tanstack/react-query'
import { callRoute } from '../../../lib/api-client'
import { wallKeys } from './keys'

/** A stored file's type, size and duration (docs/files.md, "File information"); never changes. */
export const useFileInfo = (phone: string, name: string): FileInfo | undefined =>
  useQuery({
    queryKey: [...wallKeys.all(phone), 'fileInfo', name] as const,
    queryFn: ({ signal }) => callRoute(filesRoutes.getFileInfo, { params: { name }, signal }),
    staleTime: Infinity,
  }).data
