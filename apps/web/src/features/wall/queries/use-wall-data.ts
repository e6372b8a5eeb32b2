import {
  commentsRoutes,
  contactsPerPage,
  contactsRoutes,
  groupsRoutes,
  postsRoutes,
  type Comment,
  type Contact,
  type Group,
  type PostData,
} from '@palabre/contracts'
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { callRoute } from '../../../lib/api-client'
import { isApiError } from '../../../lib/api-error'
import type { ContactSource, WallScope } from '../model/types'
import { keepCommentListMarks, keepPostListMarks, keepPostMarks } from './keep-marks'
import { wallKeys } from './keys'
import { findPost } from './post-cache'
import { toCommentView, toPostView, type CommentView, type PostView } from './view-models'
import { fetchCount, fetchPage } from './wall-calls'

/*
 * The queries holding posts and comments keep the server's items, marks and all (see
 * keep-marks.ts); their hooks hand the components view models (docs/wall.md, "View models"),
 * with only the parts of the query's state they read.
 */

/** The page and the count of the scope on screen; the previous page stays while the next loads. */
export const useWallPage = (phone: string, scope: WallScope, word: string, page: number) => {
  const posts = useQuery({
    queryKey: wallKeys.page(phone, scope, word, page),
    queryFn: ({ signal }) => fetchPage(phone, scope, word, page, signal),
    placeholderData: keepPreviousData,
    structuralSharing: keepPostListMarks,
  })
  const count = useQuery({
    queryKey: wallKeys.count(phone, scope, word),
    queryFn: ({ signal }) => fetchCount(phone, scope, word, signal),
    placeholderData: keepPreviousData,
  })
  const stored = posts.data
  const views = useMemo((): PostView[] | undefined => stored?.map(toPostView), [stored])
  return {
    posts: {
      data: views,
      isPending: posts.isPending,
      isSuccess: posts.isSuccess,
      isFetching: posts.isFetching,
    },
    count,
  }
}

export const useGroups = (phone: string) =>
  useQuery({
    queryKey: wallKeys.groups(phone),
    queryFn: ({ signal }): Promise<Group[]> =>
      callRoute(groupsRoutes.getGroups, { params: { userPhone: phone }, signal }),
  })

/** One post by id, from what the wall holds or else from the server (a link, a notification). */
export const usePost = (phone: string, id: string | undefined) => {
  const client = useQueryClient()
  const known = id === undefined ? undefined : findPost(client, phone, id)
  const post = useQuery({
    queryKey: wallKeys.post(phone, id ?? ''),
    queryFn: async ({ signal }): Promise<PostData | null> => {
      try {
        return await callRoute(postsRoutes.getPost, { params: { idPost: id ?? '' }, signal })
      } catch (error) {
        if (isApiError(error) && error.code === 'not_found') return null
        throw error
      }
    },
    enabled: id !== undefined,
    ...(known ? { initialData: known } : {}),
    structuralSharing: keepPostMarks,
  })
  // null: the server has no such post, or no longer shows it to this person.
  const data: PostView | null | undefined = post.data ? toPostView(post.data) : post.data
  return { data, isPending: post.isPending }
}

export const useComments = (phone: string, id: string | undefined) => {
  const comments = useQuery({
    queryKey: wallKeys.comments(phone, id ?? ''),
    queryFn: ({ signal }): Promise<Comment[]> =>
      callRoute(commentsRoutes.getComments, { params: { idPost: id ?? '' }, signal }),
    enabled: id !== undefined,
    structuralSharing: keepCommentListMarks,
  })
  const stored = comments.data
  const views = useMemo((): CommentView[] | undefined => stored?.map(toCommentView), [stored])
  return { data: views, isPending: comments.isPending }
}

/**
 * The contacts, 20 more each time the list reaches its end; a search word asks the server
 * (docs/behaviour.md, "Contacts"). A word of spaces only lists everyone.
 */
export const useContactSource = (phone: string): ContactSource => {
  const [word, setWord] = useState('')
  const term = word.trim()
  const query = useInfiniteQuery({
    queryKey: wallKeys.contacts(phone, term),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }): Promise<Contact[]> =>
      term === ''
        ? callRoute(contactsRoutes.getContactsPage, {
            params: { userPhone: phone, n: pageParam },
            signal,
          })
        : callRoute(contactsRoutes.searchContacts, {
            params: { userPhone: phone, word: term, n: pageParam },
            signal,
          }),
    getNextPageParam: (last, pages) =>
      last.length < contactsPerPage ? undefined : pages.length * contactsPerPage,
    placeholderData: keepPreviousData,
  })
  const items = useMemo(() => query.data?.pages.flat() ?? [], [query.data])
  const { hasNextPage, isFetching, fetchNextPage } = query
  return useMemo(
    () => ({
      items,
      hasMore: hasNextPage,
      isLoading: isFetching,
      loadMore: () => {
        if (hasNextPage && !isFetching) void fetchNextPage()
      },
      word,
      setWord,
    }),
    [items, hasNextPage, isFetching, fetchNextPage, word],
  )
}
