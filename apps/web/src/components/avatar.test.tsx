import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Avatar, initialsOf } from './avatar'

describe('Avatar', () => {
  it('writes the first and the last word’s initials, upper-cased', () => {
    expect(initialsOf('Chloé Martin')).toBe('CM')
    expect(initialsOf('  élodie  de la Tour ')).toBe('ÉT')
    expect(initialsOf('Bruno')).toBe('B')
    expect(initialsOf('')).toBe('')
  })

  it('shows the photo at its path when there is one, else the initials', () => {
    const withPhoto = render(<Avatar name="Chloé Martin" photo="p_abc.webp" size="large" />)
    expect(withPhoto.container.querySelector('img')?.getAttribute('src')).toBe(
      '/api/photos/p_abc.webp?size=large',
    )
    const without = render(<Avatar name="Chloé Martin" />)
    expect(without.container.querySelector('img')).toBeNull()
    const initials = without.container.querySelector('.avatar--initials')
    expect(initials?.getAttribute('data-initials')).toBe('CM')
    // Drawn by the stylesheet: the text around it stays the name alone.
    expect(without.container.textContent).toBe('')
  })
})
