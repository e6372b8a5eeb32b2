import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWith } from '../lists/test-support'
import { ContactInfoModal } from './contact-info-modal'

describe('ContactInfoModal', () => {
  it('shows the name and +phone of a registered contact', () => {
    renderWith(
      <ContactInfoModal
        open
        onClose={vi.fn()}
        contact={{ name: 'Awa', phone: '221771234567', status: '1' }}
      />,
    )
    expect(screen.getByRole('heading', { name: 'Awa' })).toBeTruthy()
    expect(screen.getByText('+221771234567').getAttribute('href')).toBe('tel:+221771234567')
    expect(screen.queryByText('non inscris')).toBeNull()
  })

  it.each([{ status: '0' }, {}])('marks a contact without an account (%j)', (status) => {
    renderWith(
      <ContactInfoModal
        open
        onClose={vi.fn()}
        contact={{ name: 'Bo', phone: '3361', ...status }}
      />,
      'fr',
    )
    expect(screen.getByText('non inscris')).toBeTruthy()
  })

  it('draws nothing without a contact, and closes on Escape', () => {
    const onClose = vi.fn()
    const { rerender } = renderWith(<ContactInfoModal open onClose={onClose} contact={null} />)
    expect(screen.queryByRole('dialog')).toBeNull()
    rerender(<ContactInfoModal open onClose={onClose} contact={{ name: '', phone: '3361' }} />)
    expect(screen.getByRole('heading', { name: '+3361' })).toBeTruthy()
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
