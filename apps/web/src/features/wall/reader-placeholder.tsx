import { Link, useParams } from 'react-router-dom'
import { LogoutButton } from './logout-button'
import './wall-page.css'

/** `/wall/discussion/lecteur/:filedoc` until the reader issue lands. */
export const ReaderPlaceholder = () => {
  const { filedoc = '' } = useParams()
  return (
    <div className="wall-placeholder">
      <header className="wall-placeholder__bar">
        <Link to="/wall">← Wall</Link>
        <LogoutButton />
      </header>
      <main className="wall-placeholder__main">
        <h1>Reader</h1>
        <p>{filedoc}</p>
      </main>
    </div>
  )
}
