import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeXhr } from '../../../test/fake-xhr'
import { renderCard } from '../post-card/test-render'
import { Composer } from './composer'

beforeEach(() => {
  FakeXhr.reset()
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
})
afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

const box = () => screen.getByRole('textbox', { name: 'Type a message...' })
const choose = (...files: File[]) =>
  fireEvent.change(screen.getByTestId('attach-input'), { target: { files } })
const file = (name: string) => new File(['content'], name)
const request = async (index: number) => {
  await waitFor(() => expect(FakeXhr.requests.length).toBeGreaterThan(index))
  return FakeXhr.requests[index] as FakeXhr
}

describe('Composer attachments (docs/wall.md, "Attachments")', () => {
  it('offers the picker of the product, several files at once', () => {
    renderCard(<Composer phone="336" postId="p1" mobile={false} onSend={vi.fn()} />)
    const input = screen.getByTestId('attach-input')
    expect(input.getAttribute('accept')).toBe(
      '.jpg,.jpeg,.png,.pdf,.xls,.xlsx,.xlsm,.doc,.docx,.ppt,.pptx,.mp4',
    )
    expect(input.hasAttribute('multiple')).toBe(true)
  })

  it('uploads each file as soon as it is chosen, to the call its extension goes to', async () => {
    renderCard(<Composer phone="336" postId="p1" mobile={false} onSend={vi.fn()} />)
    choose(file('photo.png'), file('clip.mp4'), file('minutes.pdf'))
    await request(2)
    expect(FakeXhr.requests.map((r) => [r.method, r.url, r.fileName])).toEqual([
      ['POST', '/api/upload/image', 'photo.png'],
      ['POST', '/api/upload/media', 'clip.mp4'],
      ['POST', '/api/upload/file', 'minutes.pdf'],
    ])
  })

  it('shows each upload’s progress, then sends the stored file as a comment with the text typed', async () => {
    const onSend = vi.fn()
    renderCard(<Composer phone="336" postId="p1" mobile={false} onSend={onSend} />)
    fireEvent.change(box(), { target: { value: 'The minutes' } })
    choose(file('minutes.pdf'))
    const upload = await request(0)
    upload.progress(30, 100)
    const bar = await screen.findByRole('progressbar', { name: 'Uploading minutes.pdf' })
    await waitFor(() => expect((bar as HTMLProgressElement).value).toBeCloseTo(0.3))
    expect(onSend).not.toHaveBeenCalled()

    upload.answer(201, { fileName: 'minutes___abc123abc123.pdf' })
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledExactlyOnceWith({
        text: 'The minutes',
        image: '',
        fileDocName: 'minutes___abc123abc123.pdf',
      }),
    )
    expect((box() as HTMLTextAreaElement).value).toBe('')
    expect(screen.queryByTestId('picked-file')).toBeNull()
  })

  it('puts an image in the image field', async () => {
    const onSend = vi.fn()
    renderCard(<Composer phone="336" postId="p1" mobile={false} onSend={onSend} />)
    choose(file('photo.jpg'))
    ;(await request(0)).answer(201, { fileName: 'photo___abc123abc123.jpg' })
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledWith({
        text: '',
        image: 'photo___abc123abc123.jpg',
        fileDocName: '',
      }),
    )
  })

  it("shows the server's reason when an upload fails, sends nothing, and lets the row go", async () => {
    const onSend = vi.fn()
    renderCard(<Composer phone="336" postId="p1" mobile={false} onSend={onSend} />)
    choose(file('minutes.pdf'))
    const message = 'The content of this file does not match its extension .pdf.'
    ;(await request(0)).answer(415, { error: { code: 'unsupported_media_type', message } })
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(onSend).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Remove minutes.pdf' }))
    expect(screen.queryByTestId('picked-file')).toBeNull()
  })

  it('refuses a type no upload takes without sending it', async () => {
    renderCard(<Composer phone="336" postId="p1" mobile={false} onSend={vi.fn()} />)
    choose(file('tool.exe'))
    expect((await screen.findByRole('alert')).textContent).toBe('This type of file cannot be sent.')
    expect(FakeXhr.requests).toEqual([])
  })

  it('cancels an upload when its row is removed', async () => {
    const onSend = vi.fn()
    renderCard(<Composer phone="336" postId="p1" mobile={false} onSend={onSend} />)
    choose(file('minutes.pdf'))
    const upload = await request(0)
    fireEvent.click(await screen.findByRole('button', { name: 'Remove minutes.pdf' }))
    expect(upload.aborted).toBe(true)
    expect(screen.queryByTestId('picked-file')).toBeNull()
    expect(onSend).not.toHaveBeenCalled()
  })
})
