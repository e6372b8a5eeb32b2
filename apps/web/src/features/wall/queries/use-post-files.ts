import { commentsRoutes, readerFilesPerPage, type CommentFile } from '@palabre/contracts'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { callRoute } from '../../../lib/api-client'
import { wallKeys } from './keys'

/**
 * The files of a post's comments, newest first, 7 at a time (docs/wall.md, "Attachments"). A
 * post without comments has none, so it is not asked for.
 */
export const usePostFiles = (phone: string, postId: string, enabled: boolean) => {
  const query = useInfiniteQuery({
    queryKey: wallKeys.files(phone, postId),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }): Promise<CommentFile[]> =>
      callRoute(commentsRoutes.getCommentFilesPage, {
        params: { idPost: postId, n: pageParam },
        signal,
      }),
    getNextPageParam: (last, pages) =>
      // The server's page: a short one is the last.
      last.length < readerFilesPerPage ? undefined : pages.length * readerFilesPerPage,
    enabled,
  })
  const files = useMemo(() => query.data?.pages.flat() ?? [], [query.data])
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  return {
    files,
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMore: () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
    },
  }
}
