import { useTranslation } from 'react-i18next'
import { useLogout } from '../../session/use-logout'

/**
 * Log-out (docs/wall.md, "Sessions and log-out"): `onBefore` forgets what this browser keeps for
 * the user (the unsent items), then the session ends; leaving the wall closes the socket.
 */
export const LogoutButton = ({
  onBefore,
  compact,
}: {
  onBefore?: () => void
  compact?: boolean
}) => {
  const { t } = useTranslation()
  const logout = useLogout()
  return (
    <button
      type="button"
      className={compact ? 'icon-button' : 'btn btn-secondary wall__logout'}
      disabled={logout.isPending}
      aria-label={compact ? t('wall.layout.logout') : undefined}
      onClick={() => {
        onBefore?.()
        logout.mutate()
      }}
    >
      {compact ? (
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            fill="currentColor"
            d="M10 17l1.4-1.4-2.6-2.6H19v-2H8.8l2.6-2.6L10 7l-5 5 5 5zM4 21h8v-2H4V5h8V3H4a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2z"
          />
        </svg>
      ) : (
        t('wall.layout.logout')
      )}
    </button>
  )
}
