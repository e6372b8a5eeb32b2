import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SignedInAs } from './signed-in-as'

// The wall carries no phone metadata: it shows the phone as the server wrote it for reading
// (docs/phones.md, "Showing a phone").
describe('who is signed in', () => {
  it('shows their own phone as the server formatted it', () => {
    render(
      <SignedInAs
        profile={{
          nomPrenom: 'Ann Martin',
          phone: '33612000002',
          mail: 'ann@example.test',
          phoneDisplay: '+33 6 12 00 00 02',
        }}
      />,
    )
    expect(screen.getByTestId('wall-user-name').textContent).toBe('Ann Martin')
    expect(screen.getByText('+33 6 12 00 00 02')).toBeTruthy()
    expect(screen.queryByText('+33612000002')).toBeNull()
  })

  it("shows '+' and the key from a server that did not format it", () => {
    render(
      <SignedInAs profile={{ nomPrenom: 'Ann', phone: '33612000002', mail: 'ann@example.test' }} />,
    )
    expect(screen.getByText('+33612000002')).toBeTruthy()
  })
})
