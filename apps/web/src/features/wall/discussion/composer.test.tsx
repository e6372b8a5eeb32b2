import { messages } from '@palabre/contracts'
import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderCard } from '../post-card/test-render'
import { Composer } from './composer'

afterEach(() => sessionStorage.clear())

const box = () => screen.getByRole('textbox', { name: 'Type a message...' })

describe('Composer (docs/wall.md, "Discussion")', () => {
  it('sends on Enter, starts a new line on Shift+Enter, and empties itself', () => {
    const onSend = vi.fn()
    renderCard(<Composer phone="336" postId="p1" mobile={false} onSend={onSend} />)
    fireEvent.change(box(), { target: { value: 'Line one' } })
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true })
    expect(onSend).not.toHaveBeenCalled()
    fireEvent.keyDown(box(), { key: 'Enter' })
    expect(onSend).toHaveBeenCalledExactlyOnceWith({ text: 'Line one' })
    expect((box() as HTMLTextAreaElement).value).toBe('')
  })

  it("refuses a blank message with the product's message", () => {
    const onSend = vi.fn()
    renderCard(<Composer phone="336" postId="p1" mobile={false} onSend={onSend} />)
    fireEvent.change(box(), { target: { value: '      ' } })
    fireEvent.keyDown(box(), { key: 'Enter' })
    expect(onSend).not.toHaveBeenCalled()
    expect(screen.getByRole('alert').textContent).toBe(messages.message.empty)
  })

  it('keeps a half-typed comment per post across switching posts', () => {
    const first = renderCard(<Composer phone="336" postId="p1" mobile={false} onSend={vi.fn()} />)
    fireEvent.change(box(), { target: { value: 'Half a tho' } })
    first.unmount()
    const other = renderCard(<Composer phone="336" postId="p2" mobile={false} onSend={vi.fn()} />)
    expect((box() as HTMLTextAreaElement).value).toBe('')
    other.unmount()
    renderCard(<Composer phone="336" postId="p1" mobile={false} onSend={vi.fn()} />)
    expect((box() as HTMLTextAreaElement).value).toBe('Half a tho')
  })

  it("reads 'Message...' on a phone", () => {
    renderCard(<Composer phone="336" postId="p1" mobile onSend={vi.fn()} />)
    expect(screen.getByRole('textbox', { name: 'Message...' })).toBeTruthy()
  })
})
