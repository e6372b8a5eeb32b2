import { messages, pollFileName, pollSchema, pollsRoutes } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'

const boot = useApiHarness()
let h: ApiHarness
let ann: Member, bob: Member

const quiz = (creator: Member) => ({
  phoneCreatorPoll: creator.phone,
  title: 'Fire drill',
  questions: [
    {
      questionText: 'Lift?',
      possibleAnswers: [{ text: '✓' }, { text: '✗', isCorrect: true }],
      points: 2,
      isEliminatory: true,
    },
    {
      questionText: 'Meeting point?',
      possibleAnswers: [{ text: 'Car park', isCorrect: true }, { text: 'Office' }],
      points: 2,
    },
  ],
})

const post = (as: Member, path: string, body: object) =>
  h.browser().post(path).set('Cookie', as.cookie).send(body)

beforeAll(async () => {
  h = await boot()
  ann = await h.member('33600000001', 'Ann A')
  bob = await h.member('33600000002', 'Bob B')
  await h.acquaint(ann, bob)
})
afterAll(() => h.close())

/** Ann creates the quiz over REST and shares it with Bob in a post's thread. */
const sharedQuiz = async (idPostEmet: string) => {
  const created = await post(ann, '/api/createPoll', quiz(ann)).expect(201)
  const { pollId, title } = pollsRoutes.createPoll.responses[201].parse(created.body)
  const { domain } = h.api.ctx
  await domain.posts.send(ann, {
    idPostEmet,
    text: 'Quiz',
    typePoste: '0',
    destinataires: [bob],
    groups: [],
  })
  await domain.comments.add(ann, {
    idPostEmet,
    idCmtEmet: `${idPostEmet}-quiz`,
    cmt: '',
    image: '',
    fileDocName: pollFileName(title, pollId),
    type: '1',
  })
  return pollId
}

const bobAnswers = (first: number[], second: number[]) => ({
  nameRespondent: 'Bob B',
  phoneRespondent: bob.phone,
  answers: [
    { questionIndex: 0, selectedAnswers: first },
    { questionIndex: 1, selectedAnswers: second },
  ],
})

describe('quizzes over REST', () => {
  it('refuses an invalid quiz with the product’s messages, and a creator who is not the caller', async () => {
    const noTitle = await post(ann, '/api/createPoll', { ...quiz(ann), title: ' ' }).expect(400)
    expect(JSON.stringify(noTitle.body)).toContain(messages.poll.titleRequired)
    const noQuestion = await post(ann, '/api/createPoll', { ...quiz(ann), questions: [] }).expect(
      400,
    )
    expect(JSON.stringify(noQuestion.body)).toContain(messages.poll.noQuestion)
    const noCorrect = {
      ...quiz(ann),
      questions: [{ questionText: 'Q', possibleAnswers: [{ text: 'a' }] }],
    }
    expect(
      JSON.stringify((await post(ann, '/api/createPoll', noCorrect).expect(400)).body),
    ).toContain(messages.poll.noCorrectAnswer)
    await post(bob, '/api/createPoll', quiz(ann)).expect(403)
  })

  it('answers once, graded, with the correction; the creator reads the results', async () => {
    const pollId = await sharedQuiz('q1')
    const before = await h.getAs(bob, `/api/poll/${pollId}`).expect(200)
    expect(JSON.stringify(pollSchema.parse(before.body))).not.toContain('isCorrect')
    await h.getAs(bob, `/api/polls/${pollId}/response?respondentPhone=${bob.phone}`).expect(404)

    const graded = await post(bob, `/api/polls/${pollId}/response`, bobAnswers([1], [1])).expect(
      201,
    )
    expect(graded.body).toMatchObject({
      grade: 50,
      correctionDetails: [
        { questionIndex: 0, correctAnswers: [1], userSelected: [1] },
        { questionIndex: 1, correctAnswers: [0], userSelected: [1] },
      ],
    })
    await post(bob, `/api/polls/${pollId}/response`, bobAnswers([1], [0])).expect(409)
    const mine = await h.getAs(bob, `/api/polls/${pollId}/response?respondentPhone=${bob.phone}`)
    expect(mine.status).toBe(200)
    expect(mine.body.grade).toBe(50)

    const results = await h.getAs(ann, `/api/polls/${pollId}/results`).expect(200)
    expect(results.body).toEqual({
      title: 'Fire drill',
      questionCount: 2,
      responseCount: 1,
      responses: [{ respondentName: 'Bob B', respondentPhone: bob.phone, grade: 50 }],
    })
    await h.getAs(bob, `/api/polls/${pollId}/results`).expect(403)
    await h.getAs(bob, `/api/polls/${pollId}/response?respondentPhone=${ann.phone}`).expect(403)
  })

  it('grades a wrong eliminatory question 0, and refuses an answer for someone else', async () => {
    const pollId = await sharedQuiz('q2')
    await post(bob, `/api/polls/${pollId}/response`, {
      ...bobAnswers([0], [0]),
      phoneRespondent: ann.phone,
    }).expect(403)
    const graded = await post(bob, `/api/polls/${pollId}/response`, bobAnswers([0], [0])).expect(
      201,
    )
    expect(graded.body.grade).toBe(0)
  })
})
