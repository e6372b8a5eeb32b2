// A user's change sequence is an `$inc` of one counter document, which the engine must apply one
// after another, the counter's creation included (docs/database-engine.md, "What an engine must
// give"). The calls come in parallel through several connections, as from several nodes.
import { describe, expect, it } from 'vitest'
import { together, useDomainScene } from '../testing/domain-scene.js'
import { createSequencer } from './sequencer.js'

const scene = useDomainScene({ nodes: 4 })

describe('change sequences', () => {
  it('hand each of 20 new users sequences 1 to 40 from 40 parallel first calls', async () => {
    const sequencers = new Map(scene.nodes.map((node) => [node, createSequencer(node.connection)]))
    const expected = Array.from({ length: 40 }, (_, i) => i + 1)
    // Twenty rounds, since a round failed about one time in five on the former upserting code:
    // a few seconds alone, up to half a minute beside the other suites on 2 cores.
    for (let user = 0; user < 20; user++) {
      const phone = `336100000${String(user).padStart(2, '0')}`
      const seqs = await together(scene.nodes, 40, (node) => sequencers.get(node)!.next(phone))
      expect({ phone, seqs: seqs.sort((a, b) => a - b) }).toEqual({ phone, seqs: expected })
    }
  }, 90_000)
})
