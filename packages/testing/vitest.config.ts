import { defineNodeTestConfig } from './src/vitest-config.js'

export default defineNodeTestConfig({ database: true })
