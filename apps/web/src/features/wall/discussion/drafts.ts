/**
 * Half-typed comments, per post (docs/wall.md, "Discussion"): switching posts, or reloading the
 * tab, gives back what was being typed. Kept in sessionStorage: this tab only, gone with it.
 */
const keyOf = (phone: string, postId: string) => `palabre.draft.${phone}.${postId}`

export const readDraft = (phone: string, postId: string): string => {
  try {
    return sessionStorage.getItem(keyOf(phone, postId)) ?? ''
  } catch {
    return ''
  }
}

export const writeDraft = (phone: string, postId: string, text: string): void => {
  try {
    if (text === '') sessionStorage.removeItem(keyOf(phone, postId))
    else sessionStorage.setItem(keyOf(phone, postId), text)
  } catch {
    // No storage: the draft lives as long as the composer.
  }
}
