import {
  commentsRoutes,
  postsRoutes as r,
  readerFilesPerPage,
  type CommentFile,
  type PostData,
} from '@palabre/contracts'
import { callRoute } from '../../../lib/api-client'
import type { WallScope } from '../model/types'

/**
 * The count and the page of a scope, plain or searched (docs/wall.md, "Scope, paging and
 * search"). A word of spaces only is no search.
 */
export const fetchCount = (
  phone: string,
  scope: WallScope,
  word: string,
  signal?: AbortSignal,
): Promise<number> => {
  const term = word.trim()
  const base = { userPhone: phone }
  const opts = signal ? { signal } : {}
  if (scope.kind === 'contact') {
    const params = { ...base, contactPhone: scope.phone }
    return term === ''
      ? callRoute(r.countContactPosts, { params, ...opts })
      : callRoute(r.countSearchContactPosts, { params: { ...params, term }, ...opts })
  }
  if (scope.kind === 'folder') {
    const params = { ...base, groupId: scope.idGroup }
    return term === ''
      ? callRoute(r.countGroupPosts, { params, ...opts })
      : callRoute(r.countSearchGroupPosts, { params: { ...params, term }, ...opts })
  }
  return term === ''
    ? callRoute(r.countPosts, { params: base, ...opts })
    : callRoute(r.countSearchPosts, { params: { ...base, term }, ...opts })
}

export const fetchPage = (
  phone: string,
  scope: WallScope,
  word: string,
  page: number,
  signal?: AbortSignal,
): Promise<PostData[]> => {
  const term = word.trim()
  const base = { userPhone: phone }
  const opts = signal ? { signal } : {}
  if (scope.kind === 'contact') {
    return term === ''
      ? callRoute(r.getContactPostsPage, {
          params: { ...base, contactPhone: scope.phone, pageIndex: page },
          ...opts,
        })
      : callRoute(r.searchContactPosts, {
          params: { ...base, contactPhone: scope.phone, n: page, word: term },
          ...opts,
        })
  }
  if (scope.kind === 'folder') {
    return term === ''
      ? callRoute(r.getGroupPostsPage, {
          params: { ...base, groupId: scope.idGroup, pageIndex: page },
          ...opts,
        })
      : callRoute(r.searchGroupPosts, {
          params: { ...base, idGroup: scope.idGroup, n: page, word: term },
          ...opts,
        })
  }
  return term === ''
    ? callRoute(r.getPostsPage, { params: { ...base, pageIndex: page }, ...opts })
    : callRoute(r.searchPosts, { params: { ...base, n: page, word: term }, ...opts })
}

/** A share re-sends at most this many files. */
const MAX_SHARED_FILES = 70

/**
 * Every file of a post's comments, oldest first (the order they were sent in), as a share sends
 * them again (docs/wall.md, "Attachments").
 */
export const fetchFilesToShare = async (
  idPost: string,
): Promise<{ image: string; fileDocName: string }[]> => {
  const files: CommentFile[] = []
  for (;;) {
    const page = await callRoute(commentsRoutes.getCommentFilesPage, {
      params: { idPost, n: files.length },
    })
    files.push(...page)
    if (page.length < readerFilesPerPage || files.length >= MAX_SHARED_FILES) break
  }
  return files.reverse().map(({ image, fileDoc }) => ({ image, fileDocName: fileDoc }))
}
