export * from './config.js'
export * from './handshake.js'
export * from './realtime.js'
export * from './packet-parser.js'
