// vitest globalSetup with `s3: true`: one S3 server (SeaweedFS) per vitest run, handed to every
// test file through inject('s3'); each file then uses buckets of its own.
import type { TestProject } from 'vitest/node'
import { startS3Server } from './s3.js'

import './provided-context.js'

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startS3Server()
  const { endpoint, region, accessKeyId, secretAccessKey } = server
  project.provide('s3', { endpoint, region, accessKeyId, secretAccessKey })
  return () => server.stop()
}
