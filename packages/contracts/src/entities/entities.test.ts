import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { commentFileSchema, commentSchema } from './comment.js'
import { contactSchema, newContactSchema } from './contact.js'
import { groupSchema, postGroupSchema } from './group.js'
import {
  pollInputSchema,
  pollResponseSchema,
  pollResultsSchema,
  pollSchema,
  submissionSchema,
} from './poll.js'
import { postDataSchema } from './post.js'
import { recipientDisplayName, recipientSchema } from './recipient.js'
import { signUpSchema, userProfileSchema, userWithRepertoireSchema } from './user.js'

const now = '2025-03-01T10:00:00.000Z'

/** The first issue's message of a failed parse (the test fails if the parse succeeds). */
const firstIssue = (schema: z.ZodType, input: unknown): string => {
  const result = schema.safeParse(input)
  expect(result.success, 'expected the input to be refused').toBe(false)
  return result.error?.issues[0]?.message ?? ''
}

const recipient = {
  name: 'Awa',
  phone: '221771234567',
  delivred: 2,
  delivredtoWeb: 0,
  cmtnonluDestPost: 1,
}

const question = {
  isAudio: false,
  questionText: 'Is the exit clear?',
  possibleAnswers: [
    { text: '✓', isAudio: false, isCorrect: true },
    { text: '✗', isAudio: false, isCorrect: false },
  ],
  points: 2,
  isEliminatory: false,
}

describe('user', () => {
  it('profiles never carry a password', () => {
    const parsed = userProfileSchema.parse({
      nomPrenom: 'Awa Diop',
      phone: '+221 77 123 45 67',
      mail: 'awa@example.org',
      password: 'secret',
      indicatif: '221',
    })
    expect(parsed).toEqual({
      nomPrenom: 'Awa Diop',
      phone: '221771234567',
      mail: 'awa@example.org',
      indicatif: '221',
    })
    expect('password' in parsed).toBe(false)
    const withRepertoire = userWithRepertoireSchema.parse({
      ...parsed,
      repertoire: [{ name: 'Jean', phone: '33612345678', status: '1' }],
    })
    expect(withRepertoire.repertoire).toHaveLength(1)
  })

  it('sign-up needs every field, with their messages', () => {
    const valid = {
      name: 'Awa Diop',
      phone: '221771234567',
      mail: 'awa@example.org',
      password: 'pw',
    }
    expect(signUpSchema.parse(valid).phone).toBe('221771234567')
    expect(firstIssue(signUpSchema, { ...valid, name: ' ' })).toBe('Please fill first name field.')
    expect(firstIssue(signUpSchema, { ...valid, mail: '' })).toBe('Please fill email field.')
    expect(firstIssue(signUpSchema, { ...valid, mail: 'not-mail' })).toBe(
      'Please enter a valid e-mail address.',
    )
    expect(firstIssue(signUpSchema, { ...valid, password: '' })).toBe('Please fill password field.')
    expect(firstIssue(signUpSchema, { ...valid, password: 'é'.repeat(40) })).toBe(
      'A password is at most 72 bytes.',
    )
    expect(firstIssue(signUpSchema, { ...valid, phone: 'abc' })).toMatch(/6 to 15 digits/)
  })
})

describe('contact', () => {
  it('reads a repertoire entry and refuses a bad status', () => {
    expect(contactSchema.parse({ name: 'Jean', phone: '33612345678' }).status).toBeUndefined()
    expect(firstIssue(contactSchema, { name: 'Jean', phone: '33612345678', status: '2' })).toMatch(
      /expected one of/i,
    )
  })

  it('a new contact needs a name and a phone, with their messages', () => {
    // The phone stays as typed: the server keys it by its country's plan (docs/phones.md).
    expect(newContactSchema.parse({ name: 'Jean', phone: ' +33 06 12 34 56 78 ' }).phone).toBe(
      '+33 06 12 34 56 78',
    )
    for (const phone of ['33612345678', '+33 6 12 ab', `+${'1'.repeat(40)}`])
      expect(firstIssue(newContactSchema, { name: 'Jean', phone }), phone).toBe(
        'Format is incorrect.',
      )
    expect(firstIssue(newContactSchema, { name: '', phone: '+33612345678' })).toBe(
      '/!\\ Enter a name, please',
    )
    expect(firstIssue(newContactSchema, { name: 'Jean', phone: '' })).toBe(
      'Please provide a phone number',
    )
    expect(firstIssue(newContactSchema, { name: 'Jean' })).toBe('Please provide a phone number')
  })
})

describe('group', () => {
  const group = {
    nomGroup: 'Team',
    idGroup: 'g1',
    participants: [{ name: 'Awa', phone: '221771234567', selected: false }],
    nbrParticipants: 1,
    nbrNotifNonLu: 0,
    datecreation: now,
    status: '1',
    FLAG: '1',
    datelastevent: now,
    noName: '0',
    admin: ['221771234567'],
  }

  it('reads a folder list item', () => {
    expect(groupSchema.parse(group).nomGroup).toBe('Team')
    expect(postGroupSchema.parse({ idGroup: 'g1', name: 'Team' })).toEqual({
      idGroup: 'g1',
      name: 'Team',
    })
  })

  it('refuses a bad noName, a negative count and a missing id', () => {
    expect(groupSchema.safeParse({ ...group, noName: '2' }).success).toBe(false)
    expect(groupSchema.safeParse({ ...group, nbrParticipants: -1 }).success).toBe(false)
    expect(firstIssue(groupSchema, { ...group, idGroup: '' })).toBe('An id is required.')
  })
})

describe('post', () => {
  const post = {
    data: {
      emetr_name: 'Jean',
      emetr_phone: '33612345678',
      text: 'Hello',
      typePoste: '0',
      idPostEmet: 'p1',
      cmtnonluEmetPost: 0,
      totalcmt: 3,
      dateLastEvent: now,
      dateCreation: now,
      destinataires: [recipient],
      groups: [{ idGroup: 'g1', name: 'Team' }],
    },
    cmtnonlu: 1,
    delivred: 2,
    delivredtoWeb: 0,
    tagstatus: 'true',
    seq: 7,
  }

  it('reads a post item with its data object', () => {
    expect(postDataSchema.parse(post).data.destinataires[0]?.delivred).toBe(2)
  })

  it('refuses unknown post types, marks out of range and non-ISO dates', () => {
    expect(
      postDataSchema.safeParse({ ...post, data: { ...post.data, typePoste: '1' } }).success,
    ).toBe(false)
    expect(postDataSchema.safeParse({ ...post, delivred: 5 }).success).toBe(false)
    expect(
      postDataSchema.safeParse({ ...post, data: { ...post.data, dateCreation: 'yesterday' } })
        .success,
    ).toBe(false)
  })

  it('a recipient falls back to + and the phone for display', () => {
    expect(recipientSchema.parse(recipient).phone).toBe('221771234567')
    expect(recipientDisplayName({ phone: '221771234567' })).toBe('+221771234567')
    expect(recipientDisplayName({ name: 'Awa', phone: '221771234567' })).toBe('Awa')
  })
})

describe('comment', () => {
  const comment = {
    type: '3',
    data: {
      emetr_name: 'Jean',
      emetr_phone: '33612345678',
      cmt: 'Seen',
      image: '',
      fileDocName: '',
      idPostEmet: 'p1',
      idCmtEmet: 'c1',
      dateCreation: now,
      destinataires: [recipient],
    },
    tagcmtstatut: '2',
  }

  it('reads a comment and a comment file', () => {
    expect(commentSchema.parse(comment).type).toBe('3')
    expect(
      commentFileSchema.parse({
        emet: '33612345678',
        image: '',
        fileDoc: 'plan___x1.pdf',
        dateCreation: now,
      }).fileDoc,
    ).toBe('plan___x1.pdf')
  })

  it('refuses an unknown type and status', () => {
    expect(commentSchema.safeParse({ ...comment, type: '2' }).success).toBe(false)
    expect(commentSchema.safeParse({ ...comment, tagcmtstatut: '5' }).success).toBe(false)
  })
})

describe('poll', () => {
  const input = { phoneCreatorPoll: '33612345678', title: 'Safety', questions: [question] }

  it('reads a poll creation and fills the defaults', () => {
    const parsed = pollInputSchema.parse({
      ...input,
      questions: [{ questionText: 'Q?', possibleAnswers: [{ text: 'yes', isCorrect: true }] }],
    })
    expect(parsed.questions[0]).toEqual({
      isAudio: false,
      questionText: 'Q?',
      possibleAnswers: [{ text: 'yes', isAudio: false, isCorrect: true }],
      points: 0,
      isEliminatory: false,
    })
  })

  it('refuses a quiz without title, question, answer, correct answer or points, with their messages', () => {
    expect(firstIssue(pollInputSchema, { ...input, title: ' ' })).toBe('Le titre est requis.')
    expect(firstIssue(pollInputSchema, { ...input, questions: [] })).toBe(
      'At least one question is required.',
    )
    expect(
      firstIssue(pollInputSchema, { ...input, questions: [{ ...question, questionText: '' }] }),
    ).toBe('Le texte de la question est requis.')
    expect(
      firstIssue(pollInputSchema, { ...input, questions: [{ ...question, possibleAnswers: [] }] }),
    ).toBe('Each question needs at least one possible answer.')
    expect(
      firstIssue(pollInputSchema, {
        ...input,
        questions: [{ ...question, possibleAnswers: [{ text: 'a', isCorrect: false }] }],
      }),
    ).toBe('Each question needs at least one correct answer.')
    expect(
      firstIssue(pollInputSchema, { ...input, questions: [{ ...question, points: -1 }] }),
    ).toBe('Points are required and must be 0 or more.')
    expect(
      firstIssue(pollInputSchema, { ...input, questions: [{ ...question, isAudio: true }] }),
    ).toBe('An audio answer or question needs its audioFileName.')
  })

  it('reads a poll whose correct answers are hidden', () => {
    const poll = pollSchema.parse({
      pollId: 'p1',
      phoneCreatorPoll: '33612345678',
      title: 'Safety',
      createdAt: now,
      questions: [
        {
          ...question,
          possibleAnswers: question.possibleAnswers.map(({ text, isAudio }) => ({ text, isAudio })),
        },
      ],
    })
    expect(poll.questions[0]?.possibleAnswers[0]?.isCorrect).toBeUndefined()
  })

  it('reads submissions, responses and results', () => {
    const answers = [{ questionIndex: 0, selectedAnswers: [0] }]
    expect(
      submissionSchema.parse({ nameRespondent: 'Awa', phoneRespondent: '221771234567', answers })
        .answers,
    ).toEqual(answers)
    expect(
      firstIssue(submissionSchema, {
        nameRespondent: 'Awa',
        phoneRespondent: '221771234567',
        answers: [{ questionIndex: 0, selectedAnswers: [] }],
      }),
    ).toBe('Every question needs an answer.')
    expect(
      firstIssue(submissionSchema, {
        nameRespondent: 'Awa',
        phoneRespondent: '221771234567',
        answers: [...answers, ...answers],
      }),
    ).toBe('A question is answered twice.')
    expect(
      pollResponseSchema.parse({
        grade: 100,
        answers,
        correctionDetails: [{ questionIndex: 0, correctAnswers: [0], userSelected: [0] }],
      }).grade,
    ).toBe(100)
    expect(
      pollResponseSchema.safeParse({ grade: 101, answers, correctionDetails: [] }).success,
    ).toBe(false)
    expect(
      pollResultsSchema.parse({
        title: 'Safety',
        questionCount: 1,
        responseCount: 1,
        responses: [{ respondentName: 'Awa', respondentPhone: '221771234567', grade: 50 }],
      }).responses,
    ).toHaveLength(1)
  })
})
