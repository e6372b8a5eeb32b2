import { fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { SearchBox } from './search-box'
import { renderWith } from './test-support'

const Controlled = ({ onSubmit }: { onSubmit: () => void }) => {
  const [word, setWord] = useState('')
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <SearchBox label="Search a contact" value={word} onChange={setWord} />
      <output>{word}</output>
    </form>
  )
}

describe('SearchBox', () => {
  it('is a labelled search input that reports each change', () => {
    renderWith(<Controlled onSubmit={vi.fn()} />)
    const input = screen.getByRole('searchbox', { name: 'Search a contact' })
    expect(input.getAttribute('type')).toBe('search')
    fireEvent.change(input, { target: { value: 'ali' } })
    expect(screen.getByRole('status').textContent).toBe('ali')
  })

  it('does not submit the form around it on Enter', () => {
    const onSubmit = vi.fn()
    renderWith(<Controlled onSubmit={onSubmit} />)
    const input = screen.getByRole('searchbox', { name: 'Search a contact' })
    const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    input.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
  })
})
