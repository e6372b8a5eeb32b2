export * from './cluster.js'
export * from './env.js'
export { siteConfig } from './nginx.js'
export type { ProcessExit } from './supervised.js'
