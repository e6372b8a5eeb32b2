// What both servers share that is neither a rule of the product (packages/domain) nor the wire
// (packages/contracts): reading their environment and showing their metrics.
export * from './env.js'
export * from './metrics.js'
