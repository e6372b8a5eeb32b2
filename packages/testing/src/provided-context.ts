// What the globalSetup hands to every test file through inject(). Declared once here and imported
// by both sides, so a package that only calls useTestDatabase() sees the types too.
declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string
    mongoEngine: string
  }
}

export {}
