/**
 * The quiz queries (docs/quizzes.md), under the wall's ['wall', phone, ...] like every wall
 * query (queries/keys.ts): a log-out drops them with the rest.
 */
export const pollKeys = {
  poll: (viewer: string, pollId: string) => ['wall', viewer, 'poll', pollId] as const,
  results: (viewer: string, pollId: string) => ['wall', viewer, 'poll', pollId, 'results'] as const,
  response: (viewer: string, pollId: string, respondent: string) =>
    ['wall', viewer, 'poll', pollId, 'response', respondent] as const,
}
