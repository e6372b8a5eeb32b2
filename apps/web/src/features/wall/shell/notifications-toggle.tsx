import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  disableNotifications,
  enableNotifications,
  notificationsEnabled,
  notificationsSupported,
} from '../live/notify'

/** The opt-in for browser notifications: asked for only when the person presses it. */
export const NotificationsToggle = () => {
  const { t } = useTranslation()
  const [on, setOn] = useState(notificationsEnabled)
  if (!notificationsSupported()) return null
  return (
    <button
      type="button"
      className="btn btn-secondary wall__notifications"
      aria-pressed={on}
      onClick={() => {
        if (on) {
          disableNotifications()
          setOn(false)
        } else void enableNotifications().then(setOn)
      }}
    >
      {on ? t('wall.layout.notificationsOff') : t('wall.layout.notificationsOn')}
    </button>
  )
}
