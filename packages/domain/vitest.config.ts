import { defineNodeTestConfig } from '@palabre/testing/vitest-config'

export default defineNodeTestConfig({ database: true })
