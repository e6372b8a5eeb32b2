import { postsRoutes as r } from '@palabre/contracts'
import type { WallQuery } from '@palabre/domain'
import type { Router } from 'express'
import type { ApiContext } from '../../context.js'
import { assertSelf, mountRoute } from '../../http/route.js'
import type { Caller } from '../../http/route.js'
import { domainCall } from './domain-call.js'

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
 * The wall of spec point 7 in its three scopes: counts (a JSON number) and pages of 10 from
 * page 0, plain or searched. Each reads the signed-in user's own inbox only.
 */
export const mountPosts = (router: Router, ctx: ApiContext): void => {
  const { posts } = ctx.domain
  const self = (caller: Caller, userPhone: string) => {
    assertSelf(caller, userPhone)
    return userPhone
  }
  const count = async (viewer: string, query: WallQuery) => ({
    status: 200 as const,
    body: await domainCall(() => posts.count(viewer, query)),
  })
  const page = async (viewer: string, query: WallQuery, index: number) => ({
    status: 200 as const,
    body: await domainCall(() => posts.page(viewer, query, index)),
  })

  mountRoute(router, ctx, r.countPosts, ({ params: p, caller }) =>
    count(self(caller, p.userPhone), general()),
  )
  mountRoute(router, ctx, r.countContactPosts, ({ params: p, caller }) =>
    count(self(caller, p.userPhone), contact(p.contactPhone)),
  )
  mountRoute(router, ctx, r.countGroupPosts, ({ params: p, caller }) =>
    count(self(caller, p.userPhone), folder(p.groupId)),
  )
  mountRoute(router, ctx, r.getPostsPage, ({ params: p, caller }) =>
    page(self(caller, p.userPhone), general(), p.pageIndex),
  )
  mountRoute(router, ctx, r.getContactPostsPage, ({ params: p, caller }) =>
    page(self(caller, p.userPhone), contact(p.contactPhone), p.pageIndex),
  )
  mountRoute(router, ctx, r.getGroupPostsPage, ({ params: p, caller }) =>
    page(self(caller, p.userPhone), folder(p.groupId), p.pageIndex),
  )
  mountRoute(router, ctx, r.countSearchPosts, ({ params: p, caller }) =>
    count(self(caller, p.userPhone), general(p.term)),
  )
  mountRoute(router, ctx, r.countSearchContactPosts, ({ params: p, caller }) =>
    count(self(caller, p.userPhone), contact(p.contactPhone, p.term)),
  )
  mountRoute(router, ctx, r.countSearchGroupPosts, ({ params: p, caller }) =>
    count(self(caller, p.userPhone), folder(p.groupId, p.term)),
  )
  mountRoute(router, ctx, r.searchPosts, ({ params: p, caller }) =>
    page(self(caller, p.userPhone), general(p.word), p.n),
  )
  mountRoute(router, ctx, r.searchContactPosts, ({ params: p, caller }) =>
    page(self(caller, p.userPhone), contact(p.contactPhone, p.word), p.n),
  )
  mountRoute(router, ctx, r.searchGroupPosts, ({ params: p, caller }) =>
    page(self(caller, p.userPhone), folder(p.idGroup, p.word), p.n),
  )

  // The spec's clients connect only when this is ''; ours may open several tabs and ignore it.
  mountRoute(router, ctx, r.getUserSocketWeb, async ({ params: p, caller }) => ({
    status: 200,
    body: await ctx.domain.presence.webSocketOf(self(caller, p.userPhone)),
  }))
}
