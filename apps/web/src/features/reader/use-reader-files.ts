import { commentsRoutes, readerFilesPerPage, type CommentFile } from '@palabre/contracts'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { callRoute } from '../../lib/api-client'
import { fileOf, loadedCount, readerList, searchPageCap } from './reader-files'

export const readerKeys = {
  files: (viewer: string, postId: string) => ['reader', viewer, 'files', postId] as const,
  document: (viewer: string, source: string, name: string) =>
    ['reader', viewer, source, name] as const,
  presence: (viewer: string, name: string) => ['reader', viewer, 'presence', name] as const,
}

export interface ReaderFiles {
  /** The current file's item, once found among the post's files. */
  item: CommentFile | undefined
  /** Still loading pages, looking for the current file. */
  searching: boolean
  hasPrevious: boolean
  /** Another file is loaded after this one, or the server may have more. */
  hasNext: boolean
  loadingNext: boolean
  /** The file before this one, newest first; null at the first. */
  previous: () => string | null
  /** The file after this one, loading the next page when this one is the last loaded. */
  next: () => Promise<string | null>
}

/**
 * The files of a post the reader steps through (docs/reader.md, "Paging"): 7 a page, newest
 * first. Pages load from the first until the file of the address is among them, at most
 * `searchPageCap` of them; a file that is not there is shown alone.
 */
export const useReaderFiles = (
  viewer: string,
  postId: string | null,
  current: string,
): ReaderFiles => {
  const query = useInfiniteQuery({
    queryKey: readerKeys.files(viewer, postId ?? ''),
    queryFn: ({ pageParam, signal }) =>
      callRoute(commentsRoutes.getCommentFilesPage, {
        params: { idPost: postId ?? '', n: pageParam },
        signal,
      }),
    initialPageParam: 0,
    // A short page is the last one: past it the server has nothing more.
    getNextPageParam: (last, pages) =>
      last.length < readerFilesPerPage ? undefined : loadedCount(pages),
    enabled: postId !== null,
  })
  const { data, hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query
  const pages = data?.pages ?? []
  const list = useMemo(() => readerList(data?.pages ?? []), [data])
  const index = list.findIndex((item) => fileOf(item) === current)

  const canSearch = index < 0 && hasNextPage && pages.length < searchPageCap && !isError
  useEffect(() => {
    if (canSearch && !isFetchingNextPage) void fetchNextPage()
  }, [canSearch, isFetchingNextPage, fetchNextPage])

  const found = index >= 0
  return {
    item: found ? list[index] : undefined,
    searching: postId !== null && !found && !isError && (query.isPending || canSearch),
    hasPrevious: found && index > 0,
    hasNext: found && (index < list.length - 1 || hasNextPage),
    loadingNext: found && isFetchingNextPage,
    previous: () => {
      const before = found ? list[index - 1] : undefined
      return before ? fileOf(before) : null
    },
    next: async () => {
      if (!found) return null
      const after = list[index + 1]
      if (after) return fileOf(after)
      if (!hasNextPage || isFetchingNextPage) return null
      // Only the end of the list grows: the current file keeps its index.
      const result = await fetchNextPage()
      const more = readerList(result.data?.pages ?? [])[index + 1]
      return more ? fileOf(more) : null
    },
  }
}
