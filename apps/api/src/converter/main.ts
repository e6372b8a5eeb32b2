import { chmod, rm } from 'node:fs/promises'
import {
  bubblewrapSandbox,
  containerSandbox,
  findOnPath,
  probeBubblewrap,
} from '../files/sandbox.js'
import type { Sandbox } from '../files/sandbox.js'
import { createLogger } from '../logger.js'
import { loadConverterConfig } from './config.js'
import type { ConverterConfig } from './config.js'
import { createConverterServer } from './converter-server.js'

// The converter service on its own (docker compose runs it beside the api nodes, which reach
// it through PREVIEW_CONVERTER_SOCKET): docs/files.md, "The sandbox".
const config = loadConverterConfig()
const logger = createLogger(config.logLevel, 'converter')

/** The sandbox it was told to use, or it does not start: never LibreOffice unsandboxed. */
const sandboxOf = async ({ sandbox, soffice, searchPath }: ConverterConfig): Promise<Sandbox> => {
  const program = soffice ?? (await findOnPath('soffice', searchPath))
  if (program === undefined) throw new Error('LibreOffice (soffice) is not installed.')
  if (sandbox === 'container') return containerSandbox(program)
  const bwrap = await findOnPath('bwrap', searchPath)
  if (bwrap === undefined) throw new Error('bubblewrap (bwrap) is not installed.')
  const unusable = await probeBubblewrap(bwrap)
  if (unusable !== undefined)
    throw new Error(
      `${unusable}; in a container that is itself the sandbox, set PREVIEW_SANDBOX=container.`,
    )
  return bubblewrapSandbox(bwrap, program)
}

const sandbox = await sandboxOf(config)
const server = createConverterServer({
  sandbox,
  timeoutMs: config.timeoutMs,
  maxBytes: config.maxBytes,
  logger,
})
// A socket left by a process that is gone would refuse the listen.
await rm(config.socket, { force: true })
server.listen(config.socket, () => {
  // The api nodes' user and group may write to it; nobody else.
  void chmod(config.socket, 0o660)
  logger.info({ socket: config.socket, sandbox: sandbox.kind }, 'converter listening')
})

const shutdown = (signal: string) => {
  logger.info({ signal }, 'shutting down')
  server.close(() => process.exit(0))
  setTimeout(() => process.exit(1), 10_000).unref()
}
process.once('SIGTERM', () => shutdown('SIGTERM'))
process.once('SIGINT', () => shutdown('SIGINT'))
