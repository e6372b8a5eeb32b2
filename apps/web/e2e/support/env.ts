/** The environment the browser tests read; playwright.config.ts sets it for every worker. */
export const e2eEnv = {
  /** Where the api's development sender appends `OTP <channel> <destination> <code>` lines. */
  otpLogFile: process.env.OTP_LOG_FILE,
}
