import { fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderWith } from '../lists/test-support'
import { ConfirmDialog } from './confirm-dialog'

describe('ConfirmDialog', () => {
  it('is an alert dialog named by its question, focused on No', () => {
    renderWith(<ConfirmDialog open message="Remove Bob?" onYes={vi.fn()} onNo={vi.fn()} />)
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Bob?' })
    expect(dialog.hasAttribute('open')).toBe(true)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No' }))
  })

  it('answers Yes, No, and No on Escape', () => {
    const onYes = vi.fn()
    const onNo = vi.fn()
    renderWith(<ConfirmDialog open message="Sure?" onYes={onYes} onNo={onNo} />)
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }))
    expect(onYes).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'No' }))
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' })
    expect(onNo).toHaveBeenCalledTimes(2)
    expect(onYes).toHaveBeenCalledTimes(1)
  })

  it('gives the focus back to what asked the question, answered No or Escape', () => {
    const Asking = () => {
      const [open, setOpen] = useState(false)
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Remove Bob
          </button>
          <ConfirmDialog
            open={open}
            message="Remove Bob?"
            onYes={() => setOpen(false)}
            onNo={() => setOpen(false)}
          />
        </>
      )
    }
    renderWith(<Asking />)
    const opener = screen.getByRole('button', { name: 'Remove Bob' })
    for (const answer of ['No', 'Escape', 'Yes']) {
      opener.focus()
      fireEvent.click(opener)
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No' }))
      if (answer === 'Escape') fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' })
      else fireEvent.click(screen.getByRole('button', { name: answer }))
      expect(screen.queryByRole('alertdialog')).toBeNull()
      expect(document.activeElement, answer).toBe(opener)
    }
  })

  it('draws nothing when closed', () => {
    renderWith(<ConfirmDialog open={false} message="Sure?" onYes={vi.fn()} onNo={vi.fn()} />)
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('speaks French', () => {
    renderWith(<ConfirmDialog open message="Sûr ?" onYes={vi.fn()} onNo={vi.fn()} />, 'fr')
    expect(screen.getByRole('button', { name: 'Oui' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Non' })).toBeTruthy()
  })
})
