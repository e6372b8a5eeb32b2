import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { findFreePort } from '@palabre/db-engine'
import { weedBinary, weedEnvironment } from './env.js'

/** What the api's `s3` file store needs to reach a server (docs/files.md, "Where files are kept"). */
export interface S3Access {
  endpoint: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

export interface RunningS3 extends S3Access {
  /** The api's settings for this server and `bucket`: FILE_STORE=s3 and the S3_* variables. */
  env(bucket: string): Record<string, string>
  /** Kills the server and deletes its data. */
  stop(): Promise<void>
}

/** The api's file-store settings for an S3 server and a bucket. */
export const s3Env = (access: S3Access, bucket: string): Record<string, string> => ({
  FILE_STORE: 's3',
  S3_ENDPOINT: access.endpoint,
  S3_BUCKET: bucket,
  S3_REGION: access.region,
  S3_ACCESS_KEY_ID: access.accessKeyId,
  S3_SECRET_ACCESS_KEY: access.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
})

/**
 * Resolves once a first object is written, or rejects after `ms`. The gateway answers within
 * two seconds, but the first write waits inside the server until its filer has joined the lock
 * ring and the master allocates volumes (about ten seconds after start): waited for here, once,
 * rather than in whichever test writes first.
 */
const ready = async (access: S3Access, ms: number, exited: () => string | null): Promise<void> => {
  const client = new S3Client({
    endpoint: access.endpoint,
    region: access.region,
    forcePathStyle: true,
    credentials: { accessKeyId: access.accessKeyId, secretAccessKey: access.secretAccessKey },
    maxAttempts: 1,
  })
  const deadline = Date.now() + ms
  try {
    for (;;) {
      const gone = exited()
      if (gone !== null) throw new Error(`the S3 server stopped while starting (${gone})`)
      try {
        await client.send(new CreateBucketCommand({ Bucket: READY_BUCKET }))
      } catch {
        // not answering yet, or the bucket is there from the try before
      }
      try {
        await client.send(
          new PutObjectCommand({ Bucket: READY_BUCKET, Key: 'ready', Body: 'ready' }),
          { abortSignal: AbortSignal.timeout(Math.max(1_000, deadline - Date.now())) },
        )
        return
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error(`the S3 server at ${access.endpoint} took no object in ${ms} ms`, {
            cause: error,
          })
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }
  } finally {
    client.destroy()
  }
}

/** The bucket of the first write that tells the server is ready; no test uses it. */
const READY_BUCKET = 'palabre-ready'

/**
 * A real S3 server on loopback for tests and `pnpm cluster`: SeaweedFS's `weed server` (master,
 * volume, filer and S3 gateway in one process) with its data in a temporary folder, one
 * identity allowed everything, and no other listener (no Iceberg, Lance or telemetry). Built
 * once by scripts/build-s3-server.sh; ready about ten seconds after start. Buckets are created by whoever
 * uses it (the api's s3 store creates its own).
 */
export const startS3Server = async (
  binary = weedBinary(),
  { dataDir }: { dataDir?: string } = {},
): Promise<RunningS3> => {
  if (!existsSync(binary))
    throw new Error(
      `No SeaweedFS at ${binary}: run scripts/bootstrap.sh (or scripts/build-s3-server.sh), or set PALABRE_WEED_BINARY.`,
    )
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'palabre-s3-')))
  const access = {
    region: 'us-east-1',
    accessKeyId: `palabre${randomBytes(6).toString('hex')}`,
    secretAccessKey: randomBytes(24).toString('base64url'),
  }
  const config = join(dir, 's3.json')
  await writeFile(
    config,
    JSON.stringify({
      identities: [
        {
          name: 'palabre',
          credentials: [{ accessKey: access.accessKeyId, secretKey: access.secretAccessKey }],
          actions: ['Admin', 'Read', 'List', 'Tagging', 'Write'],
        },
      ],
    }),
  )
  const [master, masterGrpc, volume, volumeGrpc, filer, filerGrpc, s3, s3Grpc] = await Promise.all(
    Array.from({ length: 8 }, () => findFreePort()),
  )
  const child = spawn(
    binary,
    [
      'server',
      `-dir=${dir}`,
      '-ip=127.0.0.1',
      '-ip.bind=127.0.0.1',
      `-master.port=${master}`,
      `-master.port.grpc=${masterGrpc}`,
      '-master.telemetry=false',
      // Small volumes, many of them: every bucket is a collection with volumes of its own.
      '-master.volumeSizeLimitMB=256',
      '-volume.max=200',
      `-volume.port=${volume}`,
      `-volume.port.grpc=${volumeGrpc}`,
      '-filer',
      `-filer.port=${filer}`,
      `-filer.port.grpc=${filerGrpc}`,
      `-filer.localSocket=${join(dir, 'filer.sock')}`,
      '-s3',
      `-s3.port=${s3}`,
      `-s3.port.grpc=${s3Grpc}`,
      '-s3.port.iceberg=0',
      '-s3.port.lance=0',
      `-s3.localSocket=${join(dir, 's3.sock')}`,
      `-s3.config=${config}`,
    ],
    {
      stdio: 'ignore',
      env: weedEnvironment(),
    },
  )
  let exit: string | null = null
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = signal ?? `exit ${code}`
      resolve()
    }),
  )
  const stop = async () => {
    if (exit === null) child.kill('SIGKILL')
    await exited
    if (dataDir === undefined) await rm(dir, { recursive: true, force: true })
  }
  const endpoint = `http://127.0.0.1:${s3}`
  try {
    await ready({ endpoint, ...access }, 90_000, () => exit)
  } catch (error) {
    await stop()
    throw error
  }
  const running = { endpoint, ...access }
  return { ...running, env: (bucket) => s3Env(running, bucket), stop }
}
