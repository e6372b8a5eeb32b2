import { lazy, Suspense } from 'react'
import type { CreatePollModalProps } from './create-poll-modal'

// The creation form, its recorder and its schema come when a quiz is first created, not with
// the wall or its modals (docs/bundle-budgets.md).
const CreatePollModal = lazy(async () => ({
  default: (await import('./create-poll-modal')).CreatePollModal,
}))

/** The quiz creation modal (docs/quizzes.md, "Creating"), its code fetched when it opens. */
export const LazyCreatePollModal = (props: CreatePollModalProps) =>
  props.open ? (
    <Suspense fallback={null}>
      <CreatePollModal {...props} />
    </Suspense>
  ) : null
