import { z } from 'zod'
import { ConfigError } from '../config.js'

// The converter service's configuration (docs/files.md, "The sandbox"), parsed once at start.
// It takes no secret: its container holds nothing a document could read out.

const envSchema = z.object({
  /** Where it listens: a Unix socket on a volume it shares with the api nodes. */
  PREVIEW_CONVERTER_SOCKET: z.string().min(1),
  /**
   * `bubblewrap` (default): LibreOffice in a bubblewrap sandbox, as the api nodes run it.
   * `container`: run directly, for a container that is the sandbox (no network, no secret, no
   * volume but the socket's), as docker compose runs it.
   */
  PREVIEW_SANDBOX: z.enum(['bubblewrap', 'container']).default('bubblewrap'),
  /** LibreOffice; unset: looked up on the PATH. */
  SOFFICE_PATH: z.string().min(1).optional(),
  PREVIEW_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** The largest document taken: the api stores nothing larger. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PATH: z.string().default(''),
})

export interface ConverterConfig {
  socket: string
  sandbox: 'bubblewrap' | 'container'
  soffice: string | undefined
  timeoutMs: number
  maxBytes: number
  logLevel: string
  searchPath: string
}

export const loadConverterConfig = (
  source: Record<string, string | undefined> = process.env,
): ConverterConfig => {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  return {
    socket: env.PREVIEW_CONVERTER_SOCKET,
    sandbox: env.PREVIEW_SANDBOX,
    soffice: env.SOFFICE_PATH,
    timeoutMs: env.PREVIEW_TIMEOUT_MS,
    maxBytes: env.UPLOAD_MAX_BYTES,
    logLevel: env.LOG_LEVEL,
    searchPath: env.PATH,
  }
}
