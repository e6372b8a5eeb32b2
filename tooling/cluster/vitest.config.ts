import { defineNodeTestConfig } from '@palabre/testing/vitest-config'

// A cluster is a database, Redis, an S3 server, four Node processes and nginx: on a loaded
// 2-core machine it takes a minute or more to answer, and a test that sends hundreds of posts
// through it takes tens of seconds. The bounds are safety nets (docs/testing.md, "Timeouts");
// every wait inside is for an event.
export default defineNodeTestConfig({
  database: false,
  overrides: { test: { testTimeout: 900_000, hookTimeout: 900_000 } },
})
