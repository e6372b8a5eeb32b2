import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readerPath } from '../../lib/paths'
import { calledUrls, files, renderReader, stubApi } from './test-support'

// Previous and next through a post's files, 7 a page (docs/reader.md, "Paging", "Controls").

afterEach(() => {
  vi.unstubAllGlobals()
})

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement
const at = (router: ReturnType<typeof renderReader>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`
/** The router moves first and renders in a transition: wait for the page to show the file. */
const showing = (name: string) =>
  waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(name))

describe('ReaderPage paging', () => {
  it('steps next and previous, replacing the address, within a short list', async () => {
    const list = files(3)
    stubApi(list)
    const { router } = renderReader(readerPath('f0___id0.zip', 'p1'))
    await screen.findByTestId('reader-meta')
    expect(button('Previous file').disabled).toBe(true)
    expect(button('Next file').disabled).toBe(false)

    await userEvent.click(button('Next file'))
    await showing('f1.zip')
    expect(at(router)).toBe(readerPath('f1___id1.zip', 'p1'))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(button('Previous file').disabled).toBe(false)

    await userEvent.click(button('Next file'))
    await showing('f2.zip')
    expect(at(router)).toBe(readerPath('f2___id2.zip', 'p1'))
    // The page came back short and this is its end: nothing more to load.
    expect(button('Next file').disabled).toBe(true)

    await userEvent.click(button('Previous file'))
    await showing('f1.zip')
    expect(at(router)).toBe(readerPath('f1___id1.zip', 'p1'))
  })

  it('loads the next page when going next past the last file loaded', async () => {
    const fetchMock = stubApi(files(9))
    const { router } = renderReader(readerPath('f6___id6.zip', 'p1'))
    await screen.findByTestId('reader-meta')
    expect(calledUrls(fetchMock)).toEqual(['/api/commentFiles/p1/0'])
    // The first page was full: the server may have more.
    expect(button('Next file').disabled).toBe(false)

    await userEvent.click(button('Next file'))
    await showing('f7.zip')
    expect(at(router)).toBe(readerPath('f7___id7.zip', 'p1'))
    expect(calledUrls(fetchMock)).toEqual(['/api/commentFiles/p1/0', '/api/commentFiles/p1/7'])
    await userEvent.click(button('Next file'))
    await showing('f8.zip')
    expect(at(router)).toBe(readerPath('f8___id8.zip', 'p1'))
    expect(button('Next file').disabled).toBe(true)
    expect(calledUrls(fetchMock)).toHaveLength(2)
  })

  it('finds a file of a later page, loading the pages before it', async () => {
    const fetchMock = stubApi(files(9))
    renderReader(readerPath('f8___id8.zip', 'p1'))
    expect(screen.getByRole('status').textContent).toBe('Loading the files of this post…')
    const meta = await screen.findByTestId('reader-meta')
    expect(within(meta).getByText('5 Mar 2024 14:51')).toBeTruthy()
    expect(calledUrls(fetchMock)).toEqual(['/api/commentFiles/p1/0', '/api/commentFiles/p1/7'])
    expect(button('Previous file').disabled).toBe(false)
    expect(button('Next file').disabled).toBe(true)
  })

  it('steps with the arrow keys and closes with Escape, back to the discussion', async () => {
    stubApi(files(3))
    const { router } = renderReader(readerPath('f1___id1.zip', 'p1'))
    await screen.findByTestId('reader-meta')
    fireEvent.keyDown(window, { key: 'ArrowRight' })
    await showing('f2.zip')
    expect(at(router)).toBe(readerPath('f2___id2.zip', 'p1'))
    fireEvent.keyDown(window, { key: 'ArrowLeft' })
    await showing('f1.zip')
    expect(at(router)).toBe(readerPath('f1___id1.zip', 'p1'))
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(await screen.findByText('Discussion stand-in')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/wall/discussion/p1')
  })
})
