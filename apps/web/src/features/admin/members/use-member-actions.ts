import { recipientDisplayName, type Member } from '@palabre/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFailureMessage } from '../../../lib/failure-message'
import { activateMember, adminKeys, deactivateMember, setMemberRole } from '../admin-calls'
import type { Notice } from '../parts/notice'

export type MemberAction = 'makeAdmin' | 'makeMember' | 'deactivate' | 'activate'

interface MemberPage {
  total: number
  items: Member[]
}

const call = (action: MemberAction, phone: string): Promise<Member> => {
  if (action === 'makeAdmin') return setMemberRole(phone, 'admin')
  if (action === 'makeMember') return setMemberRole(phone, 'member')
  if (action === 'deactivate') return deactivateMember(phone)
  return activateMember(phone)
}

/**
 * A member's actions (docs/organisation.md, "Roles" and "Members"): each answers the member as
 * they now are, which takes their row's place in every page held, and the audit trail is read
 * again. A refusal is the server's text, in the screen's language.
 */
export const useMemberActions = () => {
  const { t } = useTranslation()
  const client = useQueryClient()
  const failureMessage = useFailureMessage()
  const [notice, setNotice] = useState<Notice>(null)
  const mutation = useMutation({
    mutationFn: ({ action, member }: { action: MemberAction; member: Member }) =>
      call(action, member.phone),
    onMutate: () => setNotice(null),
    onSuccess: (updated, { action }) => {
      client.setQueriesData<MemberPage>({ queryKey: adminKeys.membersAll }, (page) =>
        page === undefined
          ? page
          : {
              ...page,
              items: page.items.map((item) => (item.phone === updated.phone ? updated : item)),
            },
      )
      const done = {
        makeAdmin: 'admin.members.madeAdmin',
        makeMember: 'admin.members.madeMember',
        deactivate: 'admin.members.deactivated',
        activate: 'admin.members.activated',
      } as const
      setNotice({ tone: 'success', text: t(done[action], { name: recipientDisplayName(updated) }) })
    },
    onError: (error, { action }) => {
      setNotice({ tone: 'error', text: failureMessage(error, t('admin.page.actionFailed')) })
      // A deactivation not every node confirmed still stands (docs/organisation.md): read the
      // list again rather than guess the row.
      if (action === 'deactivate') void client.invalidateQueries({ queryKey: adminKeys.membersAll })
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.auditAll }),
  })
  return {
    notice,
    pendingPhone: mutation.isPending ? mutation.variables.member.phone : undefined,
    run: (action: MemberAction, member: Member) => mutation.mutate({ action, member }),
  }
}
