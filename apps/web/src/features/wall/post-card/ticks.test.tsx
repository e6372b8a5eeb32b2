import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { TickKind } from '../format/ticks'
import { renderCard } from './test-render'
import { Ticks } from './ticks'

const cases: [TickKind, string, string][] = [
  ['sent', 'Sent', 'Envoyé'],
  ['delivered', 'Delivered', 'Distribué'],
  ['seen', 'Read', 'Lu'],
  ['pending', 'Sending', 'Envoi en cours'],
]

describe('Ticks', () => {
  it.each(cases)('draws %s as an image labelled %s', (kind, english) => {
    renderCard(<Ticks kind={kind} />)
    const mark = screen.getByRole('img', { name: english })
    expect(mark.dataset.ticks).toBe(kind)
    expect(mark.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
  })

  it.each(cases)('labels %s in French', (kind, _, french) => {
    renderCard(<Ticks kind={kind} />, 'fr')
    expect(screen.getByRole('img', { name: french }).dataset.ticks).toBe(kind)
  })

  it('draws read ticks apart from delivered ones, not by colour alone', () => {
    renderCard(
      <>
        <Ticks kind="delivered" />
        <Ticks kind="seen" />
      </>,
    )
    expect(screen.getByRole('img', { name: 'Read' }).className).toContain('ticks--seen')
    expect(screen.getByRole('img', { name: 'Delivered' }).className).toContain('ticks--delivered')
  })
})
