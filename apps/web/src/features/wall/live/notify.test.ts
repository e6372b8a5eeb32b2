import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  disableNotifications,
  enableNotifications,
  notificationsEnabled,
  notifyIfHidden,
} from './notify'

/** A stand-in for the browser's Notification: records what was shown. */
class FakeNotification {
  static permission: NotificationPermission = 'default'
  static requestPermission = vi.fn(async () => FakeNotification.permission)
  static shown: FakeNotification[] = []
  onclick: (() => void) | null = null
  close = vi.fn()
  constructor(
    readonly title: string,
    readonly options: { body: string; tag: string },
  ) {
    FakeNotification.shown.push(this)
  }
}

const hidden = (value: boolean) =>
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(value ? 'hidden' : 'visible')

beforeEach(() => {
  FakeNotification.permission = 'default'
  FakeNotification.shown = []
  FakeNotification.requestPermission.mockClear()
  vi.stubGlobal('Notification', FakeNotification)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
})

const note = { title: 'New post from Ann', body: 'Hello', tag: 'p1' }

describe('browser notifications', () => {
  it('are off until the person opts in, whatever the permission', () => {
    FakeNotification.permission = 'granted'
    hidden(true)
    notifyIfHidden(note, () => {})
    expect(notificationsEnabled()).toBe(false)
    expect(FakeNotification.shown).toHaveLength(0)
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled()
  })

  it('ask for the permission only when the person opts in, and stay off if refused', async () => {
    FakeNotification.permission = 'denied'
    expect(await enableNotifications()).toBe(false)
    expect(FakeNotification.requestPermission).toHaveBeenCalledOnce()
    expect(notificationsEnabled()).toBe(false)
  })

  it('show only while the tab is hidden, and a click opens the post', async () => {
    FakeNotification.permission = 'granted'
    expect(await enableNotifications()).toBe(true)
    const open = vi.fn()
    hidden(false)
    notifyIfHidden(note, open)
    expect(FakeNotification.shown).toHaveLength(0)

    vi.restoreAllMocks()
    hidden(true)
    vi.spyOn(window, 'focus').mockImplementation(() => {})
    notifyIfHidden(note, open)
    const [shown] = FakeNotification.shown
    expect(shown?.title).toBe('New post from Ann')
    expect(shown?.options).toEqual({ body: 'Hello', tag: 'p1' })
    shown?.onclick?.()
    expect(open).toHaveBeenCalledOnce()
    expect(shown?.close).toHaveBeenCalledOnce()
  })

  it('stop when turned off', async () => {
    FakeNotification.permission = 'granted'
    await enableNotifications()
    disableNotifications()
    hidden(true)
    notifyIfHidden(note, () => {})
    expect(FakeNotification.shown).toHaveLength(0)
  })
})
