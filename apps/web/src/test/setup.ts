import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Testing Library only auto-cleans when test globals are on; ours are imported explicitly.
afterEach(() => {
  cleanup()
})

// Lazy pages and chunks load as the machine allows: CI runs every package's tests at once on two
// cores, where a first import can take seconds. `findBy*` and `waitFor` wait up to this long.
configure({ asyncUtilTimeout: 120_000 })
