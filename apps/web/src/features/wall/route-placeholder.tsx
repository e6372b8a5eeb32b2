import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import { LogoutButton } from './logout-button'
import { registerWallTexts } from './texts'
import './route-placeholder.css'

/**
 * A declared route whose screen a later issue fills: its title and the route parameter it got,
 * with the way back to the wall and the log-out.
 */
export const RoutePlaceholder = ({ title, param }: { title: string; param: string }) => {
  const value = useParams()[param] ?? ''
  const { i18n } = useTranslation()
  // Its log-out button speaks the wall's language.
  useState(() => registerWallTexts(i18n))
  return (
    <div className="wall-placeholder">
      <header className="wall-placeholder__bar">
        <Link to="/wall">← Wall</Link>
        <LogoutButton />
      </header>
      <main className="wall-placeholder__main">
        <h1>{title}</h1>
        <p>{value}</p>
      </main>
    </div>
  )
}
