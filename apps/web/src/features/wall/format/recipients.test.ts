import { describe, expect, it } from 'vitest'
import { recipientSummary } from './recipients'
import { other, post, recipient, viewer } from './test-posts'

const withRecipients = (...phones: string[]) =>
  post({}, { recipients: phones.map((phone) => recipient(phone)) })

describe('recipientSummary', () => {
  it('names a single recipient', () => {
    expect(recipientSummary(withRecipients('331'), viewer).people).toEqual({
      kind: 'single',
      person: { phone: '331', name: 'Name 331', isViewer: false },
    })
  })

  it("marks the viewer as the single recipient, for 'You'", () => {
    const summary = recipientSummary(withRecipients(viewer), viewer)
    expect(summary.people).toMatchObject({ kind: 'single', person: { isViewer: true } })
  })

  it("shows '+' and the phone for a recipient without a name", () => {
    const nameless = post({}, { recipients: [recipient('3399', '')] })
    expect(recipientSummary(nameless, viewer).people).toMatchObject({
      person: { name: '+3399' },
    })
  })

  it('names the first two of three recipients and counts one more', () => {
    const summary = recipientSummary(withRecipients('331', viewer, '333'), viewer)
    expect(summary.people).toEqual({
      kind: 'several',
      shown: [
        { phone: '331', name: 'Name 331', isViewer: false },
        { phone: viewer, name: `Name ${viewer}`, isViewer: true },
      ],
      rest: 1,
      total: 3,
    })
  })

  it('counts the recipient count minus two', () => {
    expect(recipientSummary(withRecipients('331', '332'), viewer).people).toMatchObject({
      kind: 'several',
      rest: 0,
    })
    const ten = withRecipients(...Array.from({ length: 10 }, (_, i) => `33${i}`))
    expect(recipientSummary(ten, viewer).people).toMatchObject({ kind: 'several', rest: 8 })
  })

  it('shows the folders, and beside them only the people named directly', () => {
    const toFolder = post(
      {},
      {
        groups: [{ idGroup: 'g1', name: 'Sales' }],
        recipients: [
          recipient(viewer, 'Viewer', { idGroupe: ['g1'] }),
          recipient(other, 'Bob', { idGroupe: ['g1'] }),
          recipient('335', 'Carol', { idGroupe: [] }),
        ],
      },
    )
    const summary = recipientSummary(toFolder, viewer)
    expect(summary.groups).toEqual([{ idGroup: 'g1', name: 'Sales' }])
    expect(summary.people).toEqual({
      kind: 'single',
      person: { phone: '335', name: 'Carol', isViewer: false },
    })
  })

  it('shows a folder alone when all its recipients came through it', () => {
    const toFolder = post(
      {},
      {
        groups: [{ idGroup: 'g1', name: 'Sales' }],
        recipients: [recipient(viewer, 'Viewer', { idGroupe: ['g1'] })],
      },
    )
    expect(recipientSummary(toFolder, viewer)).toEqual({
      groups: [{ idGroup: 'g1', name: 'Sales' }],
      people: { kind: 'none' },
    })
  })
})
