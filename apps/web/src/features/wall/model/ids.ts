/**
 * A client id for a post, a comment or a folder: the server keys them by it, so a resend never
 * stores twice (docs/data-model.md, "Idempotent writes"). `getRandomValues` works on plain-http
 * hosts too, where `crypto.randomUUID` does not exist.
 */
export const newClientId = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return `w${Date.now().toString(36)}${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}
