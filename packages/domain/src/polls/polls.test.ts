import { pollFileName, type PollInput } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import { useDomainScene } from '../testing/domain-scene.js'

const ann = { phone: '33600000001', name: 'Ann A' }
const bob = { phone: '33600000002', name: 'Bob B' }
const cat = { phone: '33600000003', name: 'Cat C' }
const scene = useDomainScene({ acquainted: [ann, bob, cat] })

const quiz: PollInput = {
  phoneCreatorPoll: ann.phone,
  title: 'Safety',
  questions: [
    {
      isAudio: false,
      questionText: 'Helmet?',
      possibleAnswers: [
        { text: '✓', isAudio: false, isCorrect: true },
        { text: '✗', isAudio: false, isCorrect: false },
      ],
      points: 1,
      isEliminatory: true,
    },
    {
      isAudio: false,
      questionText: 'Exits?',
      possibleAnswers: [
        { text: 'North', isAudio: false, isCorrect: true },
        { text: 'South', isAudio: false, isCorrect: true },
        { text: 'Roof', isAudio: false, isCorrect: false },
      ],
      points: 3,
      isEliminatory: false,
    },
  ],
}

/** Ann creates the quiz and shares it with Bob: a post, then a comment carrying it. */
const shared = async () => {
  const { domain } = scene
  const { pollId, title } = await domain.polls.create(ann.phone, quiz)
  await domain.posts.send(ann, {
    idPostEmet: `post-${pollId}`,
    text: 'Quiz for you',
    typePoste: '0',
    destinataires: [bob],
    groups: [],
  })
  await domain.comments.add(ann, {
    idPostEmet: `post-${pollId}`,
    idCmtEmet: `cmt-${pollId}`,
    cmt: '',
    image: '',
    fileDocName: pollFileName(title, pollId),
    type: '1',
  })
  return pollId
}

const answers = (first: number[], second: number[]) => ({
  nameRespondent: 'Bob B',
  phoneRespondent: bob.phone,
  answers: [
    { questionIndex: 0, selectedAnswers: first },
    { questionIndex: 1, selectedAnswers: second },
  ],
})

describe('polls (docs/behaviour.md, "Quizzes")', () => {
  it('hides the correct answers from a respondent until they answered, never from the creator', async () => {
    const pollId = await shared()
    const asBob = await scene.domain.polls.read(bob.phone, pollId)
    expect(asBob.questions.flatMap((q) => q.possibleAnswers.map((a) => a.isCorrect))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    const asAnn = await scene.domain.polls.read(ann.phone, pollId)
    expect(asAnn.questions[0]?.possibleAnswers.map((a) => a.isCorrect)).toEqual([true, false])

    const graded = await scene.domain.polls.submit(bob, pollId, answers([0], [1, 0]))
    expect(graded.grade).toBe(100)
    const after = await scene.domain.polls.read(bob.phone, pollId)
    expect(after.questions[1]?.possibleAnswers.map((a) => a.isCorrect)).toEqual([true, true, false])
  })

  it('grades once: a second submission is refused and the first stands', async () => {
    const pollId = await shared()
    expect((await scene.domain.polls.submit(bob, pollId, answers([1], [0, 1]))).grade).toBe(0)
    await expect(
      scene.domain.polls.submit(bob, pollId, answers([0], [0, 1])),
    ).rejects.toMatchObject({
      code: 'conflict',
    })
    expect((await scene.domain.polls.response(bob.phone, pollId, bob.phone))?.grade).toBe(0)
  })

  it('gives results and others’ corrections to the creator only', async () => {
    const pollId = await shared()
    await scene.domain.polls.submit(bob, pollId, answers([0], [0]))
    expect(await scene.domain.polls.results(ann.phone, pollId)).toEqual({
      title: 'Safety',
      questionCount: 2,
      responseCount: 1,
      responses: [{ respondentName: 'Bob B', respondentPhone: bob.phone, grade: 25 }],
    })
    expect(
      (await scene.domain.polls.response(ann.phone, pollId, bob.phone))?.correctionDetails,
    ).toEqual([
      { questionIndex: 0, correctAnswers: [0], userSelected: [0] },
      { questionIndex: 1, correctAnswers: [0, 1], userSelected: [0] },
    ])
    await expect(scene.domain.polls.results(bob.phone, pollId)).rejects.toMatchObject({
      code: 'forbidden',
    })
    expect(await scene.domain.polls.response(ann.phone, pollId, ann.phone)).toBeNull()
  })

  it('is closed to whoever is in no conversation holding it', async () => {
    const pollId = await shared()
    for (const call of [
      () => scene.domain.polls.read(cat.phone, pollId),
      () =>
        scene.domain.polls.submit(cat, pollId, {
          ...answers([0], [0]),
          phoneRespondent: cat.phone,
        }),
      () => scene.domain.polls.response(cat.phone, pollId, bob.phone),
    ])
      await expect(call()).rejects.toMatchObject({ code: 'forbidden' })
    await expect(scene.domain.polls.read(bob.phone, 'no-such-poll')).rejects.toMatchObject({
      code: 'not_found',
    })
  })

  it('refuses answers to questions or options that do not exist, and unanswered questions', async () => {
    const pollId = await shared()
    const bad = [
      { ...answers([0], [1]), answers: [{ questionIndex: 0, selectedAnswers: [0] }] },
      answers([5], [1]),
      {
        ...answers([0], [1]),
        answers: [...answers([0], [1]).answers, { questionIndex: 7, selectedAnswers: [0] }],
      },
    ]
    for (const submission of bad)
      await expect(scene.domain.polls.submit(bob, pollId, submission)).rejects.toMatchObject({
        code: 'validation_failed',
      })
    expect(await scene.domain.polls.response(bob.phone, pollId, bob.phone)).toBeNull()
  })

  it("takes only the creator's own recordings: another's is forbidden (403)", async () => {
    const record = (name: string, uploader: string, kind: 'audio' | 'file') =>
      scene.domain.files.record({ name, uploader, kind, mime: 'audio/webm', size: 1 })
    await record('mine___1.webm', ann.phone, 'audio')
    await record('bobs___2.webm', bob.phone, 'audio')
    await record('doc___3.pdf', ann.phone, 'file')
    const withAudio = (audioFileName: string): PollInput => ({
      ...quiz,
      questions: [{ ...quiz.questions[0]!, isAudio: true, audioFileName }, quiz.questions[1]!],
    })
    for (const name of ['bobs___2.webm', 'doc___3.pdf', 'nowhere___4.webm'])
      await expect(scene.domain.polls.create(ann.phone, withAudio(name))).rejects.toMatchObject({
        code: 'forbidden',
        message: 'A recording of this quiz is not one you made.',
      })
    const { pollId } = await scene.domain.polls.create(ann.phone, withAudio('mine___1.webm'))
    expect((await scene.domain.polls.read(ann.phone, pollId)).questions[0]?.audioFileName).toBe(
      'mine___1.webm',
    )
  })
})
