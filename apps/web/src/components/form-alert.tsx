import type { ReactNode } from 'react'
import './form.css'

/** A message about the whole form (a server answer), announced to screen readers. */
export const FormAlert = ({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'success'
  children: ReactNode
}) => (
  <div className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
    {children}
  </div>
)
