import type { FileViews } from '@palabre/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { fetchFileViews, onOwnProgress, withProgress } from '../../../lib/file-views'
import { wallKeys } from './keys'

/**
 * Who watched a video, as the server lets the viewer see it (docs/files.md, "Proof of
 * viewing"): every reader for its sender and administrators, the viewer's own row for anyone
 * else. Undefined while unknown, and for a file whose views are not counted (no duration, 409).
 * Kept live by the viewer's own reports, from any player of the page, and by `videoViewed`
 * (`queries/live/video-viewed.ts`).
 */
export const useFileViews = (phone: string, name: string): FileViews | undefined => {
  const client = useQueryClient()
  useEffect(
    () =>
      onOwnProgress((played, progress) => {
        if (played !== name) return
        client.setQueryData<FileViews>(wallKeys.fileViews(phone, name), (views) =>
          withProgress(views, phone, progress),
        )
      }),
    [client, phone, name],
  )
  return useQuery({
    queryKey: wallKeys.fileViews(phone, name),
    queryFn: ({ signal }) => fetchFileViews(name, signal),
  }).data
}
