import { startCluster } from './cluster.js'
import { loadClusterEnv } from './env.js'

// `pnpm cluster` (docs/operations.md, "A cluster on one machine").
const env = loadClusterEnv()
console.log(`Starting the cluster (data in ${env.dataDir})…`)
const cluster = await startCluster({
  dataDir: env.dataDir,
  ...(env.mongoUrl === undefined ? {} : { mongoUrl: env.mongoUrl }),
  port: env.port,
  ...(env.sessionSecret === undefined ? {} : { sessionSecret: env.sessionSecret }),
  ...(env.metricsToken === undefined ? {} : { metricsToken: env.metricsToken }),
  env: process.env,
  onUnexpectedExit: (exit) => {
    console.error(
      [
        `\n${exit.name} (pid ${exit.pid ?? '?'}) exited unexpectedly (${exit.signal ?? `code ${exit.code}`}); it stays down.`,
        `The end of ${exit.logFile}:`,
        exit.logTail,
      ].join('\n'),
    )
  },
})

console.log(`Palabre cluster ready at ${cluster.url}`)
const lines = [
  `  database: ${cluster.database.engine}`,
  `  redis: ${cluster.redisUrl}`,
  `  s3: ${cluster.s3.endpoint} (bucket ${cluster.s3.bucket})`,
  `  nginx: pid ${cluster.nginx.pid ?? '?'} on port ${cluster.nginx.port}`,
  ...Object.values(cluster.nodes).map(
    (node) => `  ${node.name}: pid ${node.pid ?? '?'} on ${node.url}`,
  ),
  `  logs: ${cluster.logDir}`,
  `  codes sent (sign-up, sign-in): ${cluster.otpLogFile}`,
]
const metrics = Object.values(cluster.nodes).flatMap((node) =>
  node.metricsUrl === undefined ? [] : [`  ${node.name}: ${node.metricsUrl}`],
)
if (metrics.length > 0) lines.push('Metrics (Authorization: Bearer $METRICS_TOKEN):', ...metrics)
lines.push('Break it: kill -9 <pid> of a node; Ctrl-C stops everything.')
console.log(lines.join('\n'))

let stopping = false
const stop = (signal: string) => {
  if (stopping) return
  stopping = true
  console.log(`\n${signal}: stopping…`)
  setTimeout(() => process.exit(1), 30_000).unref()
  void cluster.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
process.once('SIGINT', () => stop('SIGINT'))
process.once('SIGTERM', () => stop('SIGTERM'))
