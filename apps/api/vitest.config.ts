import { defineNodeTestConfig } from '@palabre/testing/vitest-config'

// s3: the file tests run on both stores, the s3 one on the run's SeaweedFS (test/stores.ts).
export default defineNodeTestConfig({ database: true, s3: true })
