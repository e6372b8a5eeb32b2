export * from './database.js'
export * from './domain.js'
export * from './sessions/sessions.js'
