import type { postsRoutes as r } from '@palabre/contracts'
import { DomainError } from '@palabre/domain'
import type { WallQuery } from '@palabre/domain'
import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'
import { deliverPosts } from '../../live/delivered.js'

const general = (word?: string): WallQuery => ({ scope: { kind: 'general' }, word })
const contact = (phone: string, word?: string): WallQuery => ({
  scope: { kind: 'contact', phone },
  word,
})
const folder = (idGroup: string, word?: string): WallQuery => ({
  scope: { kind: 'group', idGroup },
  word,
})

/**
 * The wall in its three scopes (docs/behaviour.md, "Wall"): counts (a JSON number) and pages of 10 from
 * page 0, plain or searched. Each reads the signed-in user's own inbox only: the paths' userPhone
 * is the caller's own (the contracts' `self`, checked by mountRoute).
 */
export const postsHandlers = (ctx: ApiContext): AreaHandlers<keyof typeof r> => {
  const { posts } = ctx.domain
  const count = async (viewer: string, query: WallQuery) => ({
    status: 200 as const,
    body: await posts.count(viewer, query),
  })
  // A page read is a delivery (docs/realtime.md, "Delivery marks").
  const page = async (viewer: string, query: WallQuery, index: number) => ({
    status: 200 as const,
    body: await deliverPosts(ctx, viewer, await posts.page(viewer, query, index)),
  })
  return {
    countPosts: ({ caller }) => count(caller.phone, general()),
    countContactPosts: ({ params: p, caller }) => count(caller.phone, contact(p.contactPhone)),
    countGroupPosts: ({ params: p, caller }) => count(caller.phone, folder(p.groupId)),
    getPostsPage: ({ params: p, caller }) => page(caller.phone, general(), p.pageIndex),
    getContactPostsPage: ({ params: p, caller }) =>
      page(caller.phone, contact(p.contactPhone), p.pageIndex),
    getGroupPostsPage: ({ params: p, caller }) =>
      page(caller.phone, folder(p.groupId), p.pageIndex),
    countSearchPosts: ({ params: p, caller }) => count(caller.phone, general(p.term)),
    countSearchContactPosts: ({ params: p, caller }) =>
      count(caller.phone, contact(p.contactPhone, p.term)),
    countSearchGroupPosts: ({ params: p, caller }) =>
      count(caller.phone, folder(p.groupId, p.term)),
    searchPosts: ({ params: p, caller }) => page(caller.phone, general(p.word), p.n),
    searchContactPosts: ({ params: p, caller }) =>
      page(caller.phone, contact(p.contactPhone, p.word), p.n),
    searchGroupPosts: ({ params: p, caller }) => page(caller.phone, folder(p.idGroup, p.word), p.n),
    getPost: async ({ params: p, caller }) => {
      const post = await posts.view(caller.phone, p.idPost)
      if (!post) throw new DomainError('not_found', 'This post does not exist.')
      const [shown] = await deliverPosts(ctx, caller.phone, [post])
      return { status: 200, body: shown ?? post }
    },
    // The original clients connect only when this is ''; ours may open several tabs and ignore it.
    getUserSocketWeb: async ({ caller }) => ({
      status: 200,
      body: await ctx.domain.presence.webSocketOf(caller.phone),
    }),
  }
}
