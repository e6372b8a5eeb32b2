import type { Domain } from '@palabre/domain'
import type { ApiConfig } from './config.js'
import type { FileStore } from './files/file-store.js'
import type { PreviewMaker } from './files/previews.js'
import type { UploadStore } from './files/upload-store.js'
import type { Logger } from './logger.js'
import type { LegacyRegistration } from './senders/legacy-registration.js'
import type { OtpSenders } from './senders/otp-sender.js'
import type { LiveNotices } from './live/notices.js'

/** What every route of the api can use. Areas add their services here. */
export interface ApiContext {
  config: ApiConfig
  logger: Logger
  /**
   * Every domain service; `domain.visibility` says who may see whom (docs/organisation.md, "The
   * directory"): `maySee` and `sharesConversation`.
   */
  domain: Domain
  /** The api's notion of now (OTP proofs); tests move it, as they do the domain's. */
  clock: () => Date
  /** WhatsApp and e-mail delivery of OTP codes. */
  otpSenders: OtpSenders
  /** The legacy phone-registration webhook, a no-op unless configured. */
  legacyRegistration: LegacyRegistration
  /** Tells the realtime nodes about ended sessions and marks set over REST. */
  notices: LiveNotices
  /**
   * Every stored file: uploads, thumbnails, office previews, on disk or in a bucket
   * (docs/files.md, "Where files are kept").
   */
  store: FileStore
  /** Receives and checks uploads, then puts them in the store (docs/files.md, "Uploads"). */
  uploads: UploadStore
  previews: PreviewMaker
}
