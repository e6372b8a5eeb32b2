// Reports of one viewer on one file race when two tabs play it, or a player reports as it opens
// twice: each reads the stored ranges, merges its own and writes back only over what it read
// (docs/files.md, "Proof of viewing"). Spread over several connections, as several api nodes.
import { describe, expect, it } from 'vitest'
import { together, useDomainScene } from '../testing/domain-scene.js'
import { fileViewModel, viewKey } from './view-model.js'

// One instant for every report: a race is about what is stored, not when.
const now = new Date(Date.UTC(2025, 0, 1))
const scene = useDomainScene({ nodes: 4, clock: () => now })
const file = 'training___abcdefghijkl.mp4'
const viewer = '33600000002'

const stored = () =>
  fileViewModel(scene.connection)
    .findOne({ _id: viewKey(file, viewer) })
    .lean()

describe('concurrent reports of one viewer', () => {
  it('of a first view make one record holding every range', async () => {
    await together(scene.nodes, 12, (node, i) =>
      node.fileViews.report({ file, viewer, durationSeconds: 600, ranges: [[i, i + 0.5]] }),
    )
    const views = await fileViewModel(scene.connection).find({ file }).lean()
    expect(views).toHaveLength(1)
    expect(views[0]?.ranges).toEqual(Array.from({ length: 12 }, (_, i) => [i, i + 0.5]))
    // All of them the viewer's first instant: nothing can be credited yet.
    expect(views[0]?.creditedSeconds).toBe(0)
  })

  it('later on keep every range, each merged once', async () => {
    // Made long ago, so the cap does not bind: what was played counts.
    await fileViewModel(scene.connection).create({
      _id: viewKey(file, viewer),
      file,
      viewer,
      ranges: [],
      firstReportAt: new Date(now.getTime() - 3_600_000),
      creditedSeconds: 0,
      completedAt: null,
      updatedAt: now,
      rev: 0,
    })
    const answers = await together(scene.nodes, 20, (node, i) =>
      node.fileViews.report({
        file,
        viewer,
        durationSeconds: 600,
        ranges: [[30 * i, 30 * i + 30]],
      }),
    )
    const view = await stored()
    expect(view?.ranges).toEqual([[0, 600]])
    expect(view?.creditedSeconds).toBe(600)
    expect(view?.completedAt).toBeInstanceOf(Date)
    // Each report wrote once: twenty writes over the record's first state.
    expect(view?.rev).toBe(20)
    // It became watched once: every answer that says so gives the one stored date.
    const completions = answers.flatMap((a) => (a.completedAt ? [a.completedAt.getTime()] : []))
    expect(completions.length).toBeGreaterThan(0)
    expect(new Set(completions)).toEqual(new Set([view?.completedAt?.getTime()]))
  })
})
