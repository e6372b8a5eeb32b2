import type { FileViews, VideoViewedPayload } from '@palabre/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { viewerUnknown, withProgress } from '../../../../lib/file-views'
import { wallKeys } from '../keys'

/**
 * A reader of a video the person sent played more of it (`videoViewed`, docs/files.md, "Proof
 * of viewing"): their row of the cached table moves at once. A table that does not hold them
 * yet (read before they could read the file), or whose read is on its way (it may have left
 * before their report), is read again.
 */
export const onVideoViewed = (
  client: QueryClient,
  phone: string,
  viewed: VideoViewedPayload,
): void => {
  const key = wallKeys.fileViews(phone, viewed.name)
  const views = client.getQueryData<FileViews>(key)
  if (viewerUnknown(views, viewed) || client.isFetching({ queryKey: key, exact: true }) > 0) {
    void client.invalidateQueries({ queryKey: key, exact: true })
    return
  }
  client.setQueryData<FileViews>(key, (held) => withProgress(held, viewed.phone, viewed))
}
