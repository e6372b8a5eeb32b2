export * from './env.js'
export * from './serve.js'
export * from './serve-for-tests.js'
