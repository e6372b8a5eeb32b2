/**
 * What a modal shows when its callback rejects (docs/wall.md, "Modals"): the error's own
 * message when it carries one, else the product's text for that action.
 */
export const failureMessage = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message.trim() !== '' ? error.message : fallback
