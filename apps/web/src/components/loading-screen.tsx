import './loading-screen.css'

/** Shown while the session is being asked of the server. */
export const LoadingScreen = () => (
  <div className="loading-screen" role="status" aria-live="polite">
    <span className="loading-screen__spinner" aria-hidden="true" />
    <span className="visually-hidden">Loading…</span>
  </div>
)
