import { useLogout } from '../../session/use-logout'

export const LogoutButton = () => {
  const logout = useLogout()
  return (
    <button
      type="button"
      className="btn btn-secondary"
      disabled={logout.isPending}
      onClick={() => logout.mutate()}
    >
      Log out
    </button>
  )
}
