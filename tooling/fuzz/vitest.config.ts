import { defineNodeTestConfig } from '@palabre/testing/vitest-config'

// The product starts its own embedded database, as `pnpm start` does. A fuzz phase is bounded by
// its examples, not by the clock (docs/testing.md, "Fuzzing"): it takes about 30 s on an idle
// 2-core machine and was measured at 232 s under load. These timeouts are only a net for a run
// that hangs, far above either: 30 minutes a phase, 10 for starting the product and signing up.
export default defineNodeTestConfig({
  database: false,
  overrides: { test: { testTimeout: 30 * 60_000, hookTimeout: 10 * 60_000 } },
})
