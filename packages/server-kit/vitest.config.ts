import { defineNodeTestConfig } from '@palabre/testing/vitest-config'

// No database: the settings and metrics are tested on their own.
export default defineNodeTestConfig()
