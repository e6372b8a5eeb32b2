import type { i18n } from 'i18next'
import { useEffect, useState } from 'react'
import type { FieldValues, Resolver } from 'react-hook-form'
import type * as Runtime from './account-runtime'

/**
 * The account screens' heavier half (`account-runtime.ts`), kept out of their first load
 * (docs/bundle-budgets.md, "First paint"). One fetch for the whole visit: the screens after the
 * first find it loaded.
 */
export type AccountRuntime = typeof Runtime

let loaded: AccountRuntime | null = null
let loading: Promise<AccountRuntime> | null = null

/** The runtime, fetched on the first call; a failed fetch is tried again by the next call. */
export const loadAccountRuntime = (): Promise<AccountRuntime> => {
  loading ??= import('./account-runtime').then(
    (runtime) => (loaded = runtime),
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

/** The runtime, once the contracts' texts it translates are in `instance` (added once). */
const withServerTexts = (runtime: AccountRuntime, instance: i18n): AccountRuntime => {
  runtime.registerServerTexts(instance)
  return runtime
}

/** The longest the runtime waits for the first paint (a tab in the background paints nothing). */
const paintWaitMs = 2000

/** Whether this browser reports its first contentful paint (Paint Timing). */
const reportsPaint = (): boolean =>
  typeof PerformanceObserver === 'function' &&
  (PerformanceObserver.supportedEntryTypes ?? []).includes('paint')

/**
 * Runs `then` once the page's first contentful paint is on screen: when the browser reports it
 * (it reports it once the frame is shown, not merely drawn), else after the next frame and a
 * task, and after `paintWaitMs` at most. A page opened later in the visit has painted long ago:
 * `then` runs after its next frame. Returns the way to cancel it.
 */
const afterFirstPaint = (then: () => void): (() => void) => {
  let done = false
  let observer: PerformanceObserver | undefined
  let frame: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const cancel = () => {
    done = true
    observer?.disconnect()
    if (frame !== undefined) cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
  const run = () => {
    if (done) return
    cancel()
    then()
  }
  const painted = performance.getEntriesByName('first-contentful-paint').length > 0
  if (reportsPaint() && !painted) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) run()
    })
    observer.observe({ type: 'paint', buffered: true })
    timer = setTimeout(run, paintWaitMs)
  } else if (typeof requestAnimationFrame === 'function') {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(run, 0)
    })
  } else timer = setTimeout(run, 0)
  return cancel
}

/**
 * The runtime once it is in, null before, the server's texts added to the screen's i18n. A
 * screen paints without it, then fetches it: the page's first paint never waits for it, nor
 * shares the network with it (docs/bundle-budgets.md, "First paint").
 */
export const useAccountRuntime = (instance: i18n): AccountRuntime | null => {
  const [runtime, setRuntime] = useState(() => loaded && withServerTexts(loaded, instance))
  useEffect(() => {
    if (runtime !== null) return
    let mounted = true
    const cancel = afterFirstPaint(() => {
      loadAccountRuntime().then(
        (ready) => {
          if (mounted) setRuntime(withServerTexts(ready, instance))
        },
        // Nothing to show for it: the first submit asks for it again.
        () => undefined,
      )
    })
    return () => {
      mounted = false
      cancel()
    }
  }, [runtime, instance])
  return runtime
}

/** A form's resolver that fetches the runtime's, if need be, when the form first validates. */
export const lazyResolver =
  <V extends FieldValues, C, O>(
    pick: (runtime: AccountRuntime) => Resolver<V, C, O>,
  ): Resolver<V, C, O> =>
  async (values, context, options) =>
    pick(await loadAccountRuntime())(values, context, options)
