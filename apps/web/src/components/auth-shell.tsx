import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { Brand } from './brand'
import './auth-shell.css'

/** Frame of the sign-in and sign-up screens: the app name, an optional link, one card. */
export const AuthShell = ({
  title,
  headerLink,
  children,
}: {
  title: string
  headerLink?: ReactNode
  children: ReactNode
}) => (
  <div className="auth-shell">
    <header className="auth-shell__header">
      <Link to="/landing-page" className="auth-shell__brand">
        <Brand />
      </Link>
      {headerLink}
    </header>
    <main className="auth-shell__main">
      <section className="auth-card" aria-labelledby="auth-card-title">
        <h1 id="auth-card-title" className="auth-card__title">
          {title}
        </h1>
        {children}
      </section>
    </main>
  </div>
)
