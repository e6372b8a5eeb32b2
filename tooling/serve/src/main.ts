import { loadServeEnv } from './env.js'
import { serve } from './serve.js'

const running = await serve(loadServeEnv(), process.env)
console.log(
  [
    `Palabre is ready (database: ${running.engine}). Open it at:`,
    ...running.urls.map((url) => `  ${url}`),
  ].join('\n'),
)

let stopping = false
const stop = (signal: string) => {
  if (stopping) return
  stopping = true
  console.log(`\n${signal}: stopping…`)
  setTimeout(() => process.exit(1), 10_000).unref()
  void running.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
process.once('SIGINT', () => stop('SIGINT'))
process.once('SIGTERM', () => stop('SIGTERM'))
