import { messages } from '@palabre/contracts'
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute } from '../../test/render-route'

// The page loads lazily: wait for its button the first time.
const logIn = async () => fireEvent.click(await screen.findByRole('button', { name: 'Log in' }))

describe('sign-in screen', () => {
  it('shows the header, the fields and the links of the sign-in screen', async () => {
    renderRoute('/auth')
    expect(await screen.findByText('Palabre')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/inscription')
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/privacy-eng',
    )
    expect(screen.getByRole('button', { name: 'I forgot my password' })).toBeTruthy()
  })

  it('asks for the country, the phone and the password, each with its own message', async () => {
    renderRoute('/auth')
    await logIn()
    expect(await screen.findByText(messages.phoneStep.countryRequired)).toBeTruthy()
    expect(screen.getByText('Can you please provide your phone number?')).toBeTruthy()
    expect(screen.getByText('Please enter a password.')).toBeTruthy()
  })

  it('counts a phone made only of stripped characters as empty', async () => {
    renderRoute('/auth')
    fireEvent.change(await screen.findByLabelText('Country'), { target: { value: 'FR' } })
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: ' +(-)# * ^ ' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } })
    await logIn()
    expect(await screen.findByText('Can you please provide your phone number?')).toBeTruthy()
    expect(screen.queryByText(messages.phoneStep.countryRequired)).toBeNull()
    expect(screen.queryByText('Please enter a password.')).toBeNull()
  })

  it('finds a country by its dial code in the searchable select', async () => {
    renderRoute('/auth')
    fireEvent.change(await screen.findByLabelText('Search a country'), { target: { value: '+33' } })
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('FR')
  })

  it('opens the reset flow and validates its phone step', async () => {
    renderRoute('/auth')
    fireEvent.click(await screen.findByRole('button', { name: 'I forgot my password' }))
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }))
    expect(await screen.findByText('Please select country.')).toBeTruthy()
    expect(screen.getByText('Please fill number phone field.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Back to Login' }))
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy()
  })
})
