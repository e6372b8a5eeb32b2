/**
 * Browser notifications (docs/wall.md, "Notifications"): only after the person opted in with the
 * button, never asked on page load, and only while the tab is hidden.
 */
const optInKey = 'palabre.notifications'

export const notificationsSupported = (): boolean => typeof Notification !== 'undefined'

export const notificationsEnabled = (): boolean =>
  notificationsSupported() &&
  Notification.permission === 'granted' &&
  localStorage.getItem(optInKey) === 'on'

export const enableNotifications = async (): Promise<boolean> => {
  if (!notificationsSupported()) return false
  const permission = await Notification.requestPermission()
  if (permission === 'granted') localStorage.setItem(optInKey, 'on')
  return permission === 'granted'
}

export const disableNotifications = (): void => localStorage.removeItem(optInKey)

export const notifyIfHidden = (
  note: { title: string; body: string; tag: string },
  onClick: () => void,
): void => {
  if (document.visibilityState !== 'hidden' || !notificationsEnabled()) return
  const notification = new Notification(note.title, { body: note.body, tag: note.tag })
  notification.onclick = () => {
    window.focus()
    onClick()
    notification.close()
  }
}
