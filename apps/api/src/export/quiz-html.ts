import { gradeCorrection, parsePollFileName } from '@palabre/contracts'
import type { ExportPagesReader, PollDoc, PollResponseDoc, QuestionDoc } from '@palabre/domain'
import { escapeHtml, fileHref } from './html.js'
import type { NameBook } from './names.js'
import type { ExportTexts } from './texts.js'

/**
 * Who reads a quiz on a page (docs/export.md, "Quizzes"): a person who did not make it sees its
 * questions, and their answers, grade and correction once they have answered it, never a
 * correct answer before; its creator sees which answers are correct and every respondent's
 * grade; the organisation's pages show the questions and the grades.
 */
export type QuizReader = { kind: 'respondent'; phone: string } | { kind: 'results'; key: boolean }

export interface QuizContext {
  t: ExportTexts
  names: NameBook
  reader: ExportPagesReader
  /** Whether the archive holds a stored file (a recording). */
  written: (name: string) => boolean
  /** The way from the page to the archive's root ('../' from a conversation's page). */
  root: string
}

const recording = (name: string | undefined, ctx: QuizContext): string =>
  name && ctx.written(name)
    ? ` <audio controls preload="none" src="${fileHref(name, ctx.root)}"></audio>`
    : ''

const questionHead = (q: QuestionDoc, index: number, ctx: QuizContext, points: string) =>
  `<p><strong>${escapeHtml(ctx.t.question(index + 1))}</strong> ${escapeHtml(q.questionText)}${
    q.isEliminatory ? ` <em>${escapeHtml(ctx.t.eliminatory)}</em>` : ''
  } <span class="meta">${escapeHtml(points)}</span>${recording(q.audioFileName, ctx)}</p>`

/** The questions and their answers; with `key`, the correct ones marked. */
const questionsHtml = (poll: PollDoc, ctx: QuizContext, key: boolean): string =>
  `<ol>${poll.questions
    .map(
      (q, i) =>
        `<li>${questionHead(q, i, ctx, ctx.t.points(q.points))}<ul>${q.possibleAnswers
          .map(
            (a) =>
              `<li>${escapeHtml(a.text)}${
                key && a.isCorrect
                  ? ` <span class="right">${escapeHtml(ctx.t.correctMark)}</span>`
                  : ''
              }${recording(a.audioFileName, ctx)}</li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('')}</ol>`

/**
 * A graded response: the grade, why it is 0 when an eliminatory question decided it, and per
 * question what it earned and which answers were right, chosen, or chosen wrongly. What each
 * question was worth is read with the rule the server graded by (`gradeCorrection`,
 * docs/quizzes.md, "Correction"), from the response's own correction.
 */
const correctionHtml = (poll: PollDoc, response: PollResponseDoc, ctx: QuizContext): string => {
  const { t } = ctx
  const grading = gradeCorrection(poll.questions, response.correctionDetails)
  const reason =
    grading.eliminatedBy.length > 0
      ? `<p class="wrong">${escapeHtml(t.eliminatedBy(grading.eliminatedBy.map((i) => i + 1)))}</p>`
      : ''
  const questions = poll.questions.map((q, i) => {
    const score = grading.scores[i]
    const correction = response.correctionDetails.find((c) => c.questionIndex === i)
    const answers = q.possibleAnswers.map((a, index) => {
      const right = correction?.correctAnswers.includes(index) ?? false
      const chosen = correction?.userSelected.includes(index) ?? false
      const marks = [
        right ? `<span class="right">${escapeHtml(t.correctMark)}</span>` : '',
        chosen && !right ? `<span class="wrong">${escapeHtml(t.wrongMark)}</span>` : '',
        chosen ? `<em>(${escapeHtml(t.yourChoice)})</em>` : '',
      ].filter((m) => m !== '')
      return `<li${right ? ' class="right"' : chosen ? ' class="wrong"' : ''}>${escapeHtml(a.text)}${
        marks.length > 0 ? ` ${marks.join(' ')}` : ''
      }${recording(a.audioFileName, ctx)}</li>`
    })
    const points = score ? t.pointsEarned(score.earned, score.worth) : t.points(q.points)
    return `<li>${questionHead(q, i, ctx, points)}<ul>${answers.join('')}</ul></li>`
  })
  return `<p class="grade">${escapeHtml(t.grade(response.grade))}</p>${reason}<ol>${questions.join('')}</ol>`
}

/** Every respondent's grade, by their own name, in the order they answered. */
async function* resultsHtml(poll: PollDoc, ctx: QuizContext): AsyncGenerator<string> {
  const { t, names, reader } = ctx
  const count = await reader.responseCount(poll._id)
  yield `<p><strong>${escapeHtml(t.resultsHeading(count))}</strong></p>`
  if (count === 0) {
    yield `<p>${escapeHtml(t.noResults)}</p>`
    return
  }
  yield `<table><thead><tr><th>${escapeHtml(t.participantColumn)}</th><th>${escapeHtml(t.gradeColumn)}</th></tr></thead><tbody>`
  for await (const response of reader.responses(poll._id)) {
    await names.learn([response.respondentPhone])
    yield `<tr><td>${escapeHtml(names.full(response.respondentPhone))}</td><td>${response.grade}</td></tr>`
  }
  yield '</tbody></table>'
}

/** A quiz shared in a comment (its attachment `<title>_____<id>.poll`), for its reader. */
export async function* quizHtml(
  fileDocName: string,
  who: QuizReader,
  ctx: QuizContext,
): AsyncGenerator<string> {
  const { t } = ctx
  const parsed = parsePollFileName(fileDocName)
  const poll = parsed ? await ctx.reader.quiz(parsed.pollId) : null
  const title = poll?.title ?? parsed?.title ?? fileDocName
  yield `<section class="quiz"><p><strong>${escapeHtml(t.quiz(title))}</strong></p>`
  if (!poll) {
    yield `<p>${escapeHtml(t.quizGone)}</p></section>`
    return
  }
  if (who.kind === 'results') {
    yield questionsHtml(poll, ctx, who.key)
    yield* resultsHtml(poll, ctx)
  } else if (poll.phoneCreatorPoll === who.phone) {
    // Its creator wrote its correct answers.
    yield questionsHtml(poll, ctx, true)
    yield* resultsHtml(poll, ctx)
  } else {
    const response = await ctx.reader.response(poll._id, who.phone)
    // Not answered: the questions only, never which answers are correct.
    if (!response) yield `<p>${escapeHtml(t.notAnswered)}</p>${questionsHtml(poll, ctx, false)}`
    else yield correctionHtml(poll, response, ctx)
  }
  yield '</section>'
}
