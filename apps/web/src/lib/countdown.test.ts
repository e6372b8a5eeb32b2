import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatCountdown, resendCountdownSeconds } from './countdown'
import { useCountdown } from './use-countdown'

describe('formatCountdown', () => {
  it('reads minutes:seconds with two-digit seconds', () => {
    expect(formatCountdown(59)).toBe('0:59')
    expect(formatCountdown(10)).toBe('0:10')
    expect(formatCountdown(5)).toBe('0:05')
    expect(formatCountdown(0)).toBe('0:00')
    expect(formatCountdown(75)).toBe('1:15')
  })

  it('never shows a negative or fractional time', () => {
    expect(formatCountdown(-3)).toBe('0:00')
    expect(formatCountdown(9.7)).toBe('0:09')
  })

  it('starts the resend timer at 0:59', () => {
    expect(formatCountdown(resendCountdownSeconds)).toBe('0:59')
  })
})

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('ticks every second down to zero, then stops', () => {
    const { result } = renderHook(() => useCountdown(3))
    expect(result.current.running).toBe(false)
    act(() => result.current.start())
    expect(result.current.remaining).toBe(3)
    act(() => void vi.advanceTimersByTime(1000))
    expect(result.current.remaining).toBe(2)
    act(() => void vi.advanceTimersByTime(2000))
    expect(result.current.remaining).toBe(0)
    expect(result.current.running).toBe(false)
    act(() => void vi.advanceTimersByTime(5000))
    expect(result.current.remaining).toBe(0)
  })

  it('stops on demand and restarts from the top', () => {
    const { result } = renderHook(() => useCountdown(59))
    act(() => result.current.start())
    act(() => void vi.advanceTimersByTime(10_000))
    expect(result.current.remaining).toBe(49)
    act(() => result.current.stop())
    expect(result.current.running).toBe(false)
    act(() => result.current.start())
    expect(result.current.remaining).toBe(59)
  })
})
