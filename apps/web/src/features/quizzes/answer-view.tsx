import type { Poll } from '@palabre/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormAlert } from '../../components/form-alert'
import { useAsyncAction } from '../../lib/use-async-action'
import { pollKeys } from './keys'
import { fetchResponse, isAlreadyAnswered, submitResponse } from './poll-calls'
import { GradedResponse } from './graded-response'
import { QuestionView } from './question-view'
import { PollLoading, PollProblem } from './poll-status'

export interface AnswerViewProps {
  poll: Poll
  viewerPhone: string
  viewerName: string
}

const toggled = (list: readonly number[], item: number): number[] =>
  list.includes(item) ? list.filter((i) => i !== item) : [...list, item].sort((a, b) => a - b)

/**
 * Answering a quiz (docs/quizzes.md, "Answering"): once, every question with at least one
 * answer. A response already recorded (here, in another tab, on another device) shows instead,
 * locked, with its grade and correction, and nothing left to submit.
 */
export const AnswerView = ({ poll, viewerPhone, viewerName }: AnswerViewProps) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const key = pollKeys.response(viewerPhone, poll.pollId, viewerPhone)
  const response = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchResponse(poll.pollId, viewerPhone, signal),
  })
  const [selected, setSelected] = useState<number[][]>(() => poll.questions.map(() => []))
  const action = useAsyncAction(t('quizzes.submitFailed'))
  // The submit button goes with the sending: the focus moves to the grade it brought.
  const grade = useRef<HTMLParagraphElement>(null)
  const sent = useRef(false)
  const answered = response.data != null
  useEffect(() => {
    if (!answered || !sent.current) return
    sent.current = false
    grade.current?.focus()
  }, [answered])

  if (response.isPending) return <PollLoading />
  if (response.isError)
    return <PollProblem error={response.error} fallback={t('quizzes.loadFailed')} />

  const graded = response.data
  if (graded !== null)
    return (
      <div className="poll-answers">
        <GradedResponse
          questions={poll.questions}
          response={graded}
          gradeText={t('quizzes.grade', { grade: graded.grade })}
          gradeRef={grade}
        />
      </div>
    )

  const complete = selected.length > 0 && selected.every((answers) => answers.length > 0)
  const submit = () =>
    void action.run(async () => {
      try {
        const result = await submitResponse(poll.pollId, {
          nameRespondent: viewerName,
          phoneRespondent: viewerPhone,
          answers: selected.map((selectedAnswers, questionIndex) => ({
            questionIndex,
            selectedAnswers,
          })),
        })
        sent.current = true
        queryClient.setQueryData(key, result)
      } catch (error) {
        // Answered meanwhile elsewhere: the first response stands, show it.
        if (!isAlreadyAnswered(error)) throw error
        sent.current = true
        await queryClient.invalidateQueries({ queryKey: key })
      }
    })

  return (
    <form
      className="poll-answers"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      {poll.questions.map((question, index) => (
        <QuestionView
          key={index}
          question={question}
          index={index}
          selected={selected[index] ?? []}
          onToggle={(answer) =>
            setSelected((all) => all.map((list, i) => (i === index ? toggled(list, answer) : list)))
          }
        />
      ))}
      {action.failure !== null && <FormAlert>{action.failure}</FormAlert>}
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={!complete || action.pending}
      >
        {t('quizzes.submit')}
      </button>
    </form>
  )
}
