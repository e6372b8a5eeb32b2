import type { ReactNode, SyntheticEvent } from 'react'

const stop = (event: SyntheticEvent) => event.stopPropagation()

/**
 * Around a quiz modal (docs/quizzes.md). React passes events up its own tree, not the page's:
 * Escape, a click or a submit inside the creation modal would otherwise reach the send modal it
 * opens over (closing it, or sending the post), and a click in a poll modal the comment bubble
 * holding its card.
 */
export const PollLayer = ({ children }: { children: ReactNode }) => (
  <div className="poll-layer" onKeyDown={stop} onClick={stop} onSubmit={stop}>
    {children}
  </div>
)
