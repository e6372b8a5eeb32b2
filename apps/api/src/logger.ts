import { pino } from 'pino'
import type { Logger } from 'pino'

export type { Logger }

export const createLogger = (level: string, name = 'api'): Logger =>
  pino({
    name,
    level,
    // A password, an OTP or a session cookie never reaches the logs.
    redact: {
      paths: ['req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.otp'],
      remove: true,
    },
  })
