import { afterEach, describe, expect, it, vi } from 'vitest'
import { newPost } from './new-post'
import { Outbox, claimedElsewhere, outboxKey, tabId, type OutboxItem } from './outbox'
import { alice, profile, viewer } from '../wall.test-support'

const key = outboxKey(viewer)

const item = (id: string, text = `Text ${id}`): OutboxItem =>
  newPost(profile, { text, contacts: [{ name: 'Alice', phone: alice }], folders: [] }, id)

const opened: Outbox[] = []
const open = (storageKey = key, storage: Storage | undefined = localStorage): Outbox => {
  const outbox = new Outbox(storageKey, storage)
  opened.push(outbox)
  return outbox
}

const stored = (): unknown => JSON.parse(localStorage.getItem(key) ?? 'null')

afterEach(() => {
  for (const outbox of opened.splice(0)) outbox.dispose()
  localStorage.clear()
})

describe('claimedElsewhere', () => {
  const claimed = (tab: string, until: number): OutboxItem => ({
    ...item('a'),
    state: 'pending',
    claim: { tab, until },
  })

  it("holds while another tab's claim runs", () => {
    expect(claimedElsewhere(claimed('other', 2_000), 'mine', 1_000)).toBe(true)
  })

  it("does not hold on this tab's own claim, an expired one, or an item no longer pending", () => {
    expect(claimedElsewhere(claimed('mine', 2_000), 'mine', 1_000)).toBe(false)
    expect(claimedElsewhere(claimed('other', 2_000), 'mine', 2_000)).toBe(false)
    expect(claimedElsewhere({ ...claimed('other', 2_000), state: 'waiting' }, 'mine', 1_000)).toBe(
      false,
    )
    expect(claimedElsewhere(item('a'), 'mine', 1_000)).toBe(false)
  })
})

describe('tabId', () => {
  afterEach(() => sessionStorage.clear())

  it('names the tab once, and keeps the name across a reload (sessionStorage)', () => {
    const first = tabId(sessionStorage)
    expect(first).not.toBe('')
    expect(tabId(sessionStorage)).toBe(first)
  })

  it('still names the tab when sessionStorage cannot be used', () => {
    const broken = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    } as unknown as Storage
    expect(tabId(broken)).not.toBe('')
  })
})

describe('outboxKey', () => {
  it("keys the outbox by the user's phone", () => {
    expect(outboxKey(viewer)).toBe(`palabre.outbox.${viewer}`)
  })
})

describe('Outbox', () => {
  it('starts empty on an empty storage', () => {
    expect(open().snapshot()).toEqual([])
  })

  it('puts items in order, and keeps them in localStorage', () => {
    const outbox = open()
    outbox.put(item('a'))
    outbox.put(item('b'))

    expect(outbox.snapshot().map((i) => i.id)).toEqual(['a', 'b'])
    expect(outbox.get('b')?.id).toBe('b')
    expect(outbox.get('zzz')).toBeUndefined()
    expect((stored() as OutboxItem[]).map((i) => i.id)).toEqual(['a', 'b'])
  })

  it('replaces an item put again under the same id (one entry, moved last)', () => {
    const outbox = open()
    outbox.put(item('a', 'first'))
    outbox.put(item('b'))
    outbox.put(item('a', 'second'))

    expect(outbox.snapshot().map((i) => i.id)).toEqual(['b', 'a'])
    const again = outbox.get('a')
    expect(again?.kind === 'post' && again.payload.text).toBe('second')
  })

  it("sets an item's state and its view's send state", () => {
    const outbox = open()
    outbox.put(item('a'))
    outbox.put(item('b'))

    outbox.setState('a', 'failed')

    expect(outbox.get('a')?.state).toBe('failed')
    expect(outbox.get('a')?.view.sendState).toBe('failed')
    expect(outbox.get('b')?.state).toBe('pending')
    expect((stored() as OutboxItem[])[0]?.state).toBe('failed')
  })

  it('keeps a waiting item as waiting across a reload', () => {
    const outbox = open()
    outbox.put(item('a'))
    outbox.setState('a', 'waiting')

    const reloaded = open()
    expect(reloaded.get('a')?.state).toBe('waiting')
    expect(reloaded.get('a')?.view.sendState).toBe('waiting')
  })

  it('claims an item for the tab emitting it, until any other state', () => {
    const outbox = open()
    outbox.put({ ...item('a'), state: 'waiting' })

    outbox.claim('a', 'tab-1', 5_000)
    expect(outbox.get('a')).toMatchObject({
      state: 'pending',
      claim: { tab: 'tab-1', until: 5_000 },
    })
    expect(outbox.get('a')?.view.sendState).toBe('pending')
    expect((stored() as OutboxItem[])[0]?.claim).toEqual({ tab: 'tab-1', until: 5_000 })

    outbox.setState('a', 'waiting')
    expect(outbox.get('a')?.claim).toBeUndefined()
    expect((stored() as OutboxItem[])[0]).not.toHaveProperty('claim')
  })

  it('ignores a state change of an item it does not hold', () => {
    const outbox = open()
    outbox.put(item('a'))
    const listener = vi.fn()
    outbox.subscribe(listener)
    const before = outbox.snapshot()

    outbox.setState('zzz', 'failed')

    expect(outbox.snapshot()).toBe(before)
    expect(listener).not.toHaveBeenCalled()
  })

  it('removes an item, and removes the storage entry with the last one', () => {
    const outbox = open()
    outbox.put(item('a'))
    outbox.put(item('b'))

    outbox.remove('a')
    expect(outbox.snapshot().map((i) => i.id)).toEqual(['b'])
    expect((stored() as OutboxItem[]).map((i) => i.id)).toEqual(['b'])

    outbox.remove('b')
    expect(outbox.snapshot()).toEqual([])
    expect(localStorage.getItem(key)).toBeNull()
  })

  it('clears everything, in memory and in storage', () => {
    const outbox = open()
    outbox.put(item('a'))
    outbox.put(item('b'))

    outbox.clear()

    expect(outbox.snapshot()).toEqual([])
    expect(localStorage.getItem(key)).toBeNull()
    expect(open().snapshot()).toEqual([])
  })

  it('survives a reload: a new instance on the same storage reads the same items', () => {
    const first = open()
    first.put(item('a', 'kept'))
    first.put(item('b'))
    first.setState('b', 'throttled')
    first.dispose()

    const second = open()

    expect(second.snapshot().map((i) => [i.id, i.state])).toEqual([
      ['a', 'pending'],
      ['b', 'throttled'],
    ])
    const kept = second.get('a')
    expect(kept?.kind === 'post' && kept.payload.text).toBe('kept')
  })

  it("keeps each user's outbox apart", () => {
    open().put(item('a'))
    expect(open(outboxKey('33600000009')).snapshot()).toEqual([])
  })

  it('tells its subscribers of every change, until they unsubscribe', () => {
    const outbox = open()
    const listener = vi.fn()
    const unsubscribe = outbox.subscribe(listener)

    outbox.put(item('a'))
    outbox.setState('a', 'failed')
    outbox.remove('a')
    expect(listener).toHaveBeenCalledTimes(3)

    unsubscribe()
    outbox.put(item('b'))
    expect(listener).toHaveBeenCalledTimes(3)
  })

  it('gives the same snapshot until something changes (for useSyncExternalStore)', () => {
    const outbox = open()
    outbox.put(item('a'))
    const first = outbox.snapshot()
    expect(outbox.snapshot()).toBe(first)
    outbox.put(item('b'))
    expect(outbox.snapshot()).not.toBe(first)
  })

  it("takes another tab's version on a storage event for its key", () => {
    const outbox = open()
    outbox.put(item('a'))
    const listener = vi.fn()
    outbox.subscribe(listener)

    // Another tab of the same user wrote the outbox.
    const theirs = JSON.stringify([item('a'), item('c')])
    localStorage.setItem(key, theirs)
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: theirs }))

    expect(outbox.snapshot().map((i) => i.id)).toEqual(['a', 'c'])
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('empties when another tab removed the last item', () => {
    const outbox = open()
    outbox.put(item('a'))

    localStorage.removeItem(key)
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: null }))

    expect(outbox.snapshot()).toEqual([])
  })

  it('ignores storage events of other keys, and stops listening once disposed', () => {
    const outbox = open()
    outbox.put(item('a'))
    const listener = vi.fn()
    outbox.subscribe(listener)

    localStorage.setItem('something.else', '[]')
    window.dispatchEvent(new StorageEvent('storage', { key: 'something.else', newValue: '[]' }))
    expect(outbox.snapshot().map((i) => i.id)).toEqual(['a'])

    outbox.dispose()
    localStorage.setItem(key, JSON.stringify([item('z')]))
    window.dispatchEvent(new StorageEvent('storage', { key }))
    expect(outbox.snapshot().map((i) => i.id)).toEqual(['a'])
    expect(listener).not.toHaveBeenCalled()
  })

  it('reads a corrupt or foreign storage entry as empty', () => {
    localStorage.setItem(key, '{not json')
    expect(open().snapshot()).toEqual([])
    localStorage.setItem(key, '{"a":1}')
    expect(open().snapshot()).toEqual([])
  })

  it('keeps working in memory when the storage refuses to write', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: () => undefined,
    } as unknown as Storage
    const outbox = open(key, full)

    outbox.put(item('a'))

    expect(outbox.snapshot().map((i) => i.id)).toEqual(['a'])
  })
})
