import { describe, expect, it } from 'vitest'
import { createFloodGuard } from './flood-guard.js'

const limits = { burst: 5, perSecond: 10, inFlight: 3, disconnectAfter: 4 }

describe('the flood guard', () => {
  it('admits a burst, refuses past it, and admits again as the bucket refills', () => {
    let now = 0
    const budget = createFloodGuard(limits, () => now).open('336')
    const answers = Array.from({ length: 7 }, () => {
      const answer = budget.admit()
      if (answer === 'admitted') budget.done()
      return answer
    })
    expect(answers).toEqual([
      'admitted',
      'admitted',
      'admitted',
      'admitted',
      'admitted',
      'refused',
      'refused',
    ])
    now += 100 // one token at 10 per second
    expect(budget.admit()).toBe('admitted')
  })

  it('caps the events being worked on at once', () => {
    const budget = createFloodGuard(limits, () => 0).open('336')
    expect([budget.admit(), budget.admit(), budget.admit(), budget.admit()]).toEqual([
      'admitted',
      'admitted',
      'admitted',
      'refused',
    ])
    budget.done()
    expect(budget.admit()).toBe('admitted')
  })

  it('tells to disconnect a socket refused too many times in a row', () => {
    const budget = createFloodGuard({ ...limits, inFlight: 100 }, () => 0).open('336')
    for (let i = 0; i < limits.burst; i++) budget.admit()
    const answers = Array.from({ length: limits.disconnectAfter }, () => budget.admit())
    expect(answers.at(-1)).toBe('disconnect')
    expect(answers.slice(0, -1).every((a) => a === 'refused')).toBe(true)
  })

  it("shares a phone's bucket between its sockets, and forgets it when the last one goes", () => {
    let now = 0
    const guard = createFloodGuard({ ...limits, inFlight: 100 }, () => now)
    const tab1 = guard.open('336')
    const tab2 = guard.open('336')
    const other = guard.open('337')
    for (let i = 0; i < 3; i++) expect(tab1.admit()).toBe('admitted')
    for (let i = 0; i < 2; i++) expect(tab2.admit()).toBe('admitted')
    expect(tab2.admit()).toBe('refused')
    // Another user is not concerned.
    expect(other.admit()).toBe('admitted')
    tab1.release()
    tab2.release()
    now += 0
    const again = guard.open('336')
    expect(again.admit()).toBe('admitted')
  })

  it('tells when the events being worked on are all done', async () => {
    const budget = createFloodGuard(limits, () => 0).open('336')
    await budget.idle() // none: at once
    budget.admit()
    budget.admit()
    const order: string[] = []
    const idle = budget.idle().then(() => order.push('idle'))
    budget.done()
    order.push('first done')
    await Promise.resolve()
    budget.done()
    order.push('second done')
    await idle
    expect(order).toEqual(['first done', 'second done', 'idle'])
  })
})
