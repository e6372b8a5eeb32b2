import { messages } from '@palabre/contracts'
import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import './not-found-page.css'

/** The 404 page (docs/behaviour.md, "Screens and routes"): a title, 'Error 404' and the explanation, with a way home. */
export const NotFoundPage = () => {
  useEffect(() => {
    document.title = `${messages.notFound.title} · Palabre`
  }, [])
  return (
    <main className="not-found">
      <div className="not-found__card">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>{messages.notFound.title}</h1>
        <p>{messages.notFound.text}</p>
        <Link className="btn btn-primary" to="/">
          Back to home
        </Link>
      </div>
    </main>
  )
}
