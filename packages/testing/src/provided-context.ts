// What the globalSetup hands to every test file through inject(). Declared once here and imported
// by both sides, so a package that only calls useTestDatabase() sees the types too.
declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string
    mongoEngine: string
    /** With `s3: true`: the run's S3 server (see startS3Server). */
    s3: { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string }
  }
}

export {}
