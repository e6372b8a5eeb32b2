import type { Connection } from 'mongoose'
import { groupModel } from '../groups/group-model.js'
import { postModel } from '../posts/post-model.js'
import { userModel } from '../users/user-model.js'
import type { UserDoc } from '../users/user-model.js'

/**
 * Who may see whom (docs/organisation.md, "The directory"): an employee or an administrator sees
 * every active member; a partner sees the administrators (by role or by ADMIN_PHONES) and the
 * people they share a post (not an announcement) or a folder with. Deactivated people are seen
 * by no one. The directory, the registered mark of contacts, posts and folders all ask here.
 */
export interface PeopleVisibility {
  /**
   * True when `viewer` may see `target` in the directory: `target` is an active member and the
   * viewer is not a partner, or the target is an administrator or shares a post or a folder with
   * the partner. Oneself is always seen (the directory only leaves one out of its list).
   */
  maySee(viewer: string, target: string): Promise<boolean>
  /**
   * True when `a` and `b` have a post in common (an announcement too: its readers see its
   * author) or a folder; deactivated people included. Oneself shares with oneself.
   */
  sharesConversation(a: string, b: string): Promise<boolean>
  /** Whether the person is a partner; false without an account. */
  isPartner(phone: string): Promise<boolean>
  /**
   * The active people a partner sees, themselves left out: the administrators and the people
   * they share a post or a folder with.
   */
  seenByPartner(partner: string): Promise<Set<string>>
  /**
   * The phones of a list the viewer may not see, each once, in order; none for a viewer who is
   * not a partner (one read of the viewer's kind). Unknown phones are hidden from a partner.
   */
  hiddenFrom(viewer: string, phones: readonly string[]): Promise<string[]>
}

type Kinds = Pick<UserDoc, 'phone' | 'kind' | 'role' | 'deactivatedAt'>

const bothIn = (field: string, a: string, b: string) => ({ $and: [{ [field]: a }, { [field]: b }] })

export const createPeopleVisibility = (
  connection: Connection,
  adminPhones: ReadonlySet<string> = new Set(),
): PeopleVisibility => {
  const User = userModel(connection)
  const Post = postModel(connection)
  const Group = groupModel(connection)

  const isAdmin = (user: Pick<UserDoc, 'phone' | 'role'>): boolean =>
    user.role === 'admin' || adminPhones.has(user.phone)

  /** A post other than an announcement, or a folder: what makes a partner see someone. */
  const sharesPostOrFolder = async (a: string, b: string): Promise<boolean> => {
    const [post, folder] = await Promise.all([
      Post.exists({ ...bothIn('participants', a, b), typePoste: { $ne: 'announcement' } }),
      Group.exists(bothIn('members', a, b)),
    ])
    return post !== null || folder !== null
  }

  const isPartner = async (phone: string): Promise<boolean> => {
    const user = await User.findOne({ phone }).select({ kind: 1, _id: 0 }).lean()
    return user?.kind === 'partner'
  }

  const kindsOf = (phones: readonly string[]) =>
    User.find({ phone: { $in: [...phones] } })
      .select({ phone: 1, kind: 1, role: 1, deactivatedAt: 1, _id: 0 })
      .lean<Kinds[]>()

  const seenByPartner = async (partner: string): Promise<Set<string>> => {
    const [admins, posts, folders] = await Promise.all([
      // The partial index on role holds only the administrators (docs/benchmarks.md).
      User.find({ $or: [{ role: 'admin' }, { phone: { $in: [...adminPhones] } }] })
        .select({ phone: 1, deactivatedAt: 1, _id: 0 })
        .lean(),
      Post.find({ participants: partner, typePoste: { $ne: 'announcement' } })
        .select({ participants: 1, _id: 0 })
        .lean(),
      Group.find({ members: partner }).select({ members: 1, _id: 0 }).lean(),
    ])
    const shared = new Set<string>()
    for (const post of posts) for (const phone of post.participants) shared.add(phone)
    for (const folder of folders) for (const phone of folder.members) shared.add(phone)
    const seen = new Set(admins.filter((a) => !a.deactivatedAt).map((a) => a.phone))
    shared.delete(partner)
    // The shared people's accounts: the deactivated and phones without one are left out.
    for (let start = 0, list = [...shared]; start < list.length; start += 1000)
      for (const user of await kindsOf(list.slice(start, start + 1000)))
        if (!user.deactivatedAt) seen.add(user.phone)
    seen.delete(partner)
    return seen
  }

  return {
    async maySee(viewer, target) {
      if (viewer === target) return true
      const users = await kindsOf([viewer, target])
      const seer = users.find((u) => u.phone === viewer)
      const seen = users.find((u) => u.phone === target)
      if (!seer || !seen || seen.deactivatedAt) return false
      if (seer.kind !== 'partner' || isAdmin(seen)) return true
      return sharesPostOrFolder(viewer, target)
    },

    async sharesConversation(a, b) {
      if (a === b) return true
      const [shared, announced] = await Promise.all([
        sharesPostOrFolder(a, b),
        // An announcement keeps no list of readers to show: it joins its author to each reader.
        Post.exists({
          typePoste: 'announcement',
          $or: [
            { emetr_phone: a, participants: b },
            { emetr_phone: b, participants: a },
          ],
        }),
      ])
      return shared || announced !== null
    },

    isPartner,

    seenByPartner,

    async hiddenFrom(viewer, phones) {
      const asked = [...new Set(phones)].filter((phone) => phone !== viewer)
      if (asked.length === 0) return []
      if (!(await isPartner(viewer))) return []
      const seen = await seenByPartner(viewer)
      return asked.filter((phone) => !seen.has(phone))
    },
  }
}
