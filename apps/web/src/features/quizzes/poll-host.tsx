import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react'

// The answering and results modals are fetched when a card is first opened: the wall's first
// load carries only the card (docs/bundle-budgets.md).
const PollModals = lazy(async () => ({ default: (await import('./poll-modals')).PollModals }))

export interface OpenedPoll {
  pollId: string
  title: string
}

const PollHostContext = createContext<((poll: OpenedPoll) => void) | null>(null)

/** Opens a quiz in the nearest host, or null outside one. */
export const usePollHost = () => useContext(PollHostContext)

export interface PollHostProps {
  viewerPhone: string
  viewerName: string
  children: ReactNode
}

/**
 * Where a discussion's quiz modals live (docs/quizzes.md, "The card"): above its comment thread,
 * which is virtualized, so a card scrolled out of the drawn rows while someone answers (new
 * comments arriving) does not take the open quiz and its ticked answers with it.
 */
export const PollHost = ({ viewerPhone, viewerName, children }: PollHostProps) => {
  const [open, setOpen] = useState<OpenedPoll | null>(null)
  return (
    <PollHostContext.Provider value={setOpen}>
      {children}
      {open !== null && (
        <Suspense fallback={null}>
          <PollModals
            key={open.pollId}
            pollId={open.pollId}
            title={open.title}
            viewerPhone={viewerPhone}
            viewerName={viewerName}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </PollHostContext.Provider>
  )
}
