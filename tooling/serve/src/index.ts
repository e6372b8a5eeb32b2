export * from './env.js'
export * from './serve.js'
