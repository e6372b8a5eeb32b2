// The exports' readable pages (docs/export.md, "index.html"): in the language asked for, a page
// per conversation with its links, files and quizzes, people by their own names, and the
// organisation's index of people, folders and conversations.
import { displayPhoneKey, exportLanguageMessage, pollFileName } from '@palabre/contracts'
import type { Test } from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { conversationPath } from '../../export/html.js'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { readZip, textOf } from '../../../test/zip.js'

const BOSS = '33600000200'
const boot = useApiHarness({ ADMIN_PHONES: `+${BOSS}` })
let h: ApiHarness
let boss: Member, ann: Member, bob: Member, cat: Member
let pollId = ''

const LINK_TEXT =
  'Voir https://example.org/doc?a=1&b=2 et javascript:alert(1) puis <script>alert(3)</script> fin'
/** What Ann saved Bob under: her own label, never what her pages call him. */
const ANN_LABEL_FOR_BOB = 'Mon chouchou'

let n = 0
const comment = (from: Member, idPostEmet: string, body: { cmt?: string; file?: string }) => {
  h.clock.advance(1000)
  return h.api.ctx.domain.comments.add(from, {
    idPostEmet,
    idCmtEmet: `pc${n++}`,
    cmt: body.cmt ?? '',
    image: '',
    fileDocName: body.file ?? '',
    type: body.file ? '1' : '3',
  })
}

const send = (
  from: Member,
  idPostEmet: string,
  text: string,
  to: { phone: string; name: string }[],
  groups: { idGroup: string; name: string }[] = [],
) => {
  h.clock.advance(1000)
  return h.api.ctx.domain.posts.send(from, {
    idPostEmet,
    text,
    typePoste: '0',
    destinataires: to,
    groups,
  })
}

const bytes = (test: Test) => test.responseType('blob')

const exportOf = async (member: Member, path: string) => {
  const res = await bytes(h.getAs(member, path)).expect(200)
  return readZip(res.body as Buffer)
}

/** Every page of an archive, joined. */
const allHtml = (entries: Map<string, Buffer>) =>
  [...entries.keys()]
    .filter((name) => name.endsWith('.html'))
    .map((name) => textOf(entries, name))
    .join('\n')

beforeAll(async () => {
  h = await boot()
  boss = await h.member(BOSS, 'Boss Admin')
  ann = await h.member('33600000201', 'Ann Martin')
  bob = await h.member('33600000202', 'Bob Durand')
  cat = await h.member('33600000203', 'Cat Leroy')
  await h.acquaint(ann, bob, cat)
  const { domain } = h.api.ctx
  await domain.contacts.save(ann.phone, { name: ANN_LABEL_FOR_BOB, phone: bob.phone })

  await send(ann, 'p-links', LINK_TEXT, [{ phone: bob.phone, name: ANN_LABEL_FOR_BOB }])
  await comment(bob, 'p-links', { cmt: 'Lu, merci https://palabre.example/aide' })

  await domain.groups.create(ann, {
    idGroup: 'f-quai',
    nomGroup: 'Équipe quai',
    noName: '0',
    participants: [
      { phone: bob.phone, name: ANN_LABEL_FOR_BOB },
      { phone: cat.phone, name: 'Cat' },
    ],
  })
  await send(ann, 'p-folder', 'Réunion demain', [], [{ idGroup: 'f-quai', name: 'Équipe quai' }])

  const quiz = await domain.polls.create(cat.phone, {
    phoneCreatorPoll: cat.phone,
    title: 'Sécurité quai 3',
    questions: [
      {
        isAudio: false,
        questionText: 'Que porter sur le quai ?',
        points: 1,
        isEliminatory: true,
        possibleAnswers: [
          { text: 'Un casque', isAudio: false, isCorrect: true },
          { text: 'Une casquette', isAudio: false, isCorrect: false },
        ],
      },
      {
        isAudio: false,
        questionText: 'Et par-dessus ?',
        points: 1,
        isEliminatory: false,
        possibleAnswers: [
          { text: 'Un gilet jaune', isAudio: false, isCorrect: true },
          { text: 'Une veste noire', isAudio: false, isCorrect: false },
        ],
      },
    ],
  })
  pollId = quiz.pollId
  await send(cat, 'p-quiz', 'Le QCM de sécurité', [
    { phone: ann.phone, name: 'Ann' },
    { phone: bob.phone, name: 'Bob' },
  ])
  await comment(cat, 'p-quiz', { file: pollFileName(quiz.title, quiz.pollId) })
  // Bob misses the eliminatory question and gets the other right: 0%.
  await domain.polls.submit({ phone: bob.phone, name: 'Bob' }, pollId, {
    nameRespondent: 'Bob',
    phoneRespondent: bob.phone,
    answers: [
      { questionIndex: 0, selectedAnswers: [1] },
      { questionIndex: 1, selectedAnswers: [0] },
    ],
  })
})
afterAll(() => h.close({ dropDatabase: true }))

describe('the language of the pages', () => {
  it('is French when the screen that asked was', async () => {
    const entries = await exportOf(ann, '/api/export?lang=fr')
    const index = textOf(entries, 'index.html')
    expect(index).toContain('<html lang="fr">')
    expect(index).toContain('Exporté le')
    expect(index).toContain('Avec les contacts')
    expect(index).toContain('Dans les dossiers')
    expect(index).not.toContain('Exported on')
    const page = textOf(entries, conversationPath('p-links'))
    expect(page).toContain('<html lang="fr">')
    expect(page).toContain('Commentaires')
    expect(page).toContain('Retour à l&#39;index')
    // Dates are written in French.
    expect(page).toMatch(
      /\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/,
    )
  })

  it('is English when none is asked for', async () => {
    const index = textOf(await exportOf(ann, '/api/export'), 'index.html')
    expect(index).toContain('<html lang="en">')
    expect(index).toContain('Exported on')
    expect(index).toContain('With contacts')
  })

  it('refuses a language it does not have, with the reason, for both exports', async () => {
    for (const [who, path] of [
      [ann, '/api/export?lang=de'],
      [boss, '/api/admin/export?lang=de'],
      [ann, '/api/export?lang=fr&lang=en'],
    ] as const) {
      const res = await h.getAs(who, path).expect(400)
      expect(JSON.stringify(res.body)).toContain(exportLanguageMessage)
    }
  })
})

describe('a conversation page', () => {
  it('makes web links clickable, never a javascript: one, and escapes a script', async () => {
    const entries = await exportOf(ann, '/api/export?lang=fr')
    const page = textOf(entries, conversationPath('p-links'))
    expect(page).toContain(
      '<a href="https://example.org/doc?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">https://example.org/doc?a=1&amp;b=2</a>',
    )
    expect(page).toContain('href="https://palabre.example/aide"')
    expect(page).not.toMatch(/href="javascript:/i)
    expect(page).toContain('javascript:alert(1)')
    expect(page).toContain('&lt;script&gt;alert(3)&lt;/script&gt;')
    expect(allHtml(entries)).not.toMatch(/<script/i)
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'`)
  })

  it('names people by the names they gave themselves, not the exporter’s contact labels', async () => {
    const entries = await exportOf(ann, '/api/export?lang=fr')
    const page = textOf(entries, conversationPath('p-links'))
    expect(page).toContain(`Bob Durand (${displayPhoneKey(bob.phone)})`)
    expect(page).toContain(`Ann Martin (${displayPhoneKey(ann.phone)})`)
    expect(allHtml(entries)).not.toContain(ANN_LABEL_FOR_BOB)
    expect(textOf(entries, 'index.html')).toContain('Bob Durand')
    // Nor Cat's labels, which name the unnamed folder her post to Ann and Bob made.
    const quizPage = textOf(entries, conversationPath('p-quiz'))
    expect(quizPage).not.toContain('Dossiers : Ann,Bob')
    expect(quizPage).toContain(`Bob Durand (${displayPhoneKey(bob.phone)})`)
  })
})

describe('a quiz on the pages', () => {
  it('shows a respondent the questions, their answers, grade and correction', async () => {
    const page = textOf(await exportOf(bob, '/api/export?lang=fr'), conversationPath('p-quiz'))
    expect(page).toContain('QCM : Sécurité quai 3')
    expect(page).not.toContain('.poll')
    expect(page).toContain('Que porter sur le quai ?')
    expect(page).toContain('(Éliminatoire)')
    expect(page).toContain('Votre note : 0%')
    expect(page).toContain(
      'La question 1 est éliminatoire et sa réponse est fausse : la note est donc de 0%.',
    )
    expect(page).toContain('Points obtenus : 0 sur 1')
    expect(page).toContain('Points obtenus : 1 sur 1')
    // The right answer marked, the wrong choice marked, each choice named.
    expect(page).toContain(
      '<li class="right">Un casque <span class="right">✓ bonne réponse</span></li>',
    )
    expect(page).toContain(
      '<li class="wrong">Une casquette <span class="wrong">✗ mauvais choix</span> <em>(votre choix)</em></li>',
    )
  })

  it('shows someone who has not answered the questions and choices, and no correct answer', async () => {
    const page = textOf(await exportOf(ann, '/api/export?lang=fr'), conversationPath('p-quiz'))
    expect(page).toContain('QCM : Sécurité quai 3')
    expect(page).toContain('Vous n&#39;avez pas répondu à ce QCM.')
    expect(page).toContain('Que porter sur le quai ?')
    expect(page).toContain('Un casque')
    expect(page).toContain('Une casquette')
    expect(page).not.toContain('bonne réponse')
    expect(page).not.toContain('class="right"')
    expect(page).not.toContain('Votre note')
    // Nor Bob's grade: the results are their creator's.
    expect(page).not.toContain('<td>Bob Durand')
    expect(page).not.toContain('Nom du participant')
  })

  it("shows its creator the correct answers and each respondent's grade", async () => {
    const page = textOf(await exportOf(cat, '/api/export'), conversationPath('p-quiz'))
    expect(page).toContain('Quiz: Sécurité quai 3')
    expect(page).toContain('Un casque <span class="right">✓ correct answer</span>')
    expect(page).toContain('Participants&#39; results (1)')
    expect(page).toContain(`<td>Bob Durand (${displayPhoneKey(bob.phone)})</td><td>0</td>`)
  })
})

describe("the organisation's index", () => {
  it('lists the people, the folders and the conversations as plain HTML', async () => {
    const entries = await exportOf(boss, '/api/admin/export?lang=fr')
    // The JSON lines stay.
    expect(textOf(entries, 'users.jsonl')).toContain('"nomPrenom":"Ann Martin"')
    const index = textOf(entries, 'index.html')
    expect(index).toContain('<html lang="fr">')
    expect(index).toContain('<h2 id="people">Personnes</h2>')
    expect(index).toContain(
      `<tr><td>Ann Martin</td><td>${displayPhoneKey(ann.phone)}</td><td>Actif</td></tr>`,
    )
    expect(index).toContain(
      `<tr><td>Boss Admin</td><td>${displayPhoneKey(boss.phone)}</td><td>Actif, administrateur</td></tr>`,
    )
    expect(index).toContain('<h2 id="folders">Dossiers</h2>')
    expect(index).toMatch(
      /<tr><td>Équipe quai<\/td><td>[^<]*Ann Martin[^<]*Bob Durand[^<]*Cat Leroy[^<]*<\/td><\/tr>/,
    )
    expect(index).not.toContain(ANN_LABEL_FOR_BOB)
    for (const id of ['p-links', 'p-folder', 'p-quiz']) {
      expect(index).toContain(`href="${conversationPath(id)}"`)
      expect(entries.has(conversationPath(id))).toBe(true)
    }
    const page = textOf(entries, conversationPath('p-links'))
    expect(page).toContain('&lt;script&gt;alert(3)&lt;/script&gt;')
    expect(allHtml(entries)).not.toMatch(/<script/i)
    // A quiz shows its questions and the grades, not which answers are correct.
    const quiz = textOf(entries, conversationPath('p-quiz'))
    expect(quiz).toContain('Que porter sur le quai ?')
    expect(quiz).toContain(`<td>Bob Durand (${displayPhoneKey(bob.phone)})</td><td>0</td>`)
    expect(quiz).not.toContain('bonne réponse')
  })
})
