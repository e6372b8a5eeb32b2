// The quizzes (docs/quizzes.md), as the wall uses them: the card of a quiz, the layer that
// answers it or shows its results, and the modal that creates one, loaded when first opened.
export { LazyCreatePollModal } from './lazy-create-poll'
export { PollCard } from './poll-card'
export { PollHost } from './poll-host'
