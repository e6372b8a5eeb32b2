import { Link, useParams } from 'react-router-dom'
import { LogoutButton } from './logout-button'
import './wall-page.css'

/** `/wall/discussion/:id` until the discussion issue lands. */
export const DiscussionPlaceholder = () => {
  const { id = '' } = useParams()
  return (
    <div className="wall-placeholder">
      <header className="wall-placeholder__bar">
        <Link to="/wall">← Wall</Link>
        <LogoutButton />
      </header>
      <main className="wall-placeholder__main">
        <h1>Discussion</h1>
        <p>{id}</p>
      </main>
    </div>
  )
}
