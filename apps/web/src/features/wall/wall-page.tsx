import { Link } from 'react-router-dom'
import { Brand } from '../../components/brand'
import { useProfile } from '../../session/require-session'
import { LogoutButton } from './logout-button'
import './wall-page.css'

/** Placeholder of the wall until the wall issue lands: who is signed in, and log-out. */
export const WallPage = () => {
  const profile = useProfile()
  return (
    <div className="wall-placeholder">
      <header className="wall-placeholder__bar">
        <Brand />
        <LogoutButton />
      </header>
      <main className="wall-placeholder__main">
        <h1 className="wall-placeholder__name" data-testid="wall-user-name">
          {profile.nomPrenom}
        </h1>
        <p>+{profile.phone}</p>
        <Link to="/privacy-eng">Privacy policy</Link>
      </main>
    </div>
  )
}
