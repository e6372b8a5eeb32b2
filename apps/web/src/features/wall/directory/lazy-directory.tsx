import { lazy, Suspense } from 'react'
import type { DirectoryProps } from './directory'

// The directory comes when it is first opened, not with the wall's page (docs/bundle-budgets.md).
const Loaded = lazy(async () => ({ default: (await import('./directory')).Directory }))

/** The organisation's directory (docs/wall.md, "Directory"), loaded when shown. */
export const LazyDirectory = (props: DirectoryProps) =>
  props.open ? (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  ) : null
