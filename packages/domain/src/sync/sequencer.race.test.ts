// Change sequences come from one counter for everybody, an `$inc` the engine must apply one after
// another, the counter's creation included (docs/database-engine.md, "What an engine must give").
// The calls come in parallel through several connections, as from several nodes.
import { describe, expect, it } from 'vitest'
import { together, useDomainScene } from '../testing/domain-scene.js'
import { sequenceModel } from './sequence-model.js'
import { createSequencer } from './sequencer.js'

const scene = useDomainScene({ nodes: 4 })

describe('change sequences', () => {
  it('start above every former per-user counter, and 40 parallel first calls share out 41 to 120 without a gap or a repeat', async () => {
    // Counters of one user each, as stored before there was one counter for everybody.
    await sequenceModel(scene.connection).create([
      { _id: '33610000001', seq: 40 },
      { _id: '33610000002', seq: 7 },
    ])
    const sequencers = new Map(scene.nodes.map((node) => [node, createSequencer(node.connection)]))
    // Each call asks for two users at once (a post to one person), so 80 numbers in all.
    const answers = await together(scene.nodes, 40, (node, i) =>
      sequencers.get(node)!.nextFor([`3362000${String(i).padStart(4, '0')}`, '33610000001']),
    )
    const seqs = answers.flatMap((answer) => [...answer.values()]).sort((a, b) => a - b)
    expect(seqs).toEqual(Array.from({ length: 80 }, (_, i) => 41 + i))
    // One call's numbers are consecutive, in the order of its list.
    for (const answer of answers) {
      const [first, second] = [...answer.values()]
      expect(second).toBe(first! + 1)
    }
    expect(await createSequencer(scene.connection).current()).toBe(120)
  })

  it('give one user increasing sequences across calls, and a repeated phone one number', async () => {
    const sequencer = createSequencer(scene.connection)
    const first = await sequencer.next('33630000001')
    const both = await sequencer.nextFor(['33630000001', '33630000001', '33630000002'])
    expect(both.size).toBe(2)
    expect(both.get('33630000001')).toBeGreaterThan(first)
    expect(await sequencer.nextFor([])).toEqual(new Map())
  })
})
