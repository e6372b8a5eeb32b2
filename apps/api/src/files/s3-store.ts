import { createReadStream, createWriteStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3'
import type { BucketLocationConstraint } from '@aws-sdk/client-s3'
import type { S3Settings } from '../config.js'
import { FileNotStored, keyIsSafe } from './file-store.js'
import type { FileStore } from './file-store.js'

/** What an S3 answer or a failed connection says of itself: `NoSuchKey`, `ECONNREFUSED`… */
const errorName = (error: unknown): string => {
  const e = error as { name?: unknown; code?: unknown; $metadata?: { httpStatusCode?: number } }
  if (typeof e?.code === 'string') return e.code
  const status = e?.$metadata?.httpStatusCode
  const name = typeof e?.name === 'string' ? e.name : 'unknown error'
  return status === undefined ? name : `${name}, HTTP ${status}`
}

const isNotFound = (error: unknown): boolean => {
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: number } }
  return (
    e?.name === 'NoSuchKey' ||
    e?.name === 'NotFound' ||
    e?.name === 'NoSuchBucket' ||
    e?.$metadata?.httpStatusCode === 404
  )
}

/** Why the bucket cannot be used, in words an operator acts on. */
export class FileStoreUnreachable extends Error {}

/**
 * The files of every api node, in one bucket of an S3 server (docs/files.md, "Where files are
 * kept"): a key is an object's key. S3 replaces an object whole (PutObject), so readers see
 * the old bytes or the new; a put streams the local file with its length, never holding it in
 * memory. At start the bucket is checked, and made when it does not exist; a server that
 * cannot be reached or refuses the credentials fails the start.
 */
export const createS3Store = async (settings: S3Settings): Promise<FileStore> => {
  const { bucket } = settings
  const client = new S3Client({
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
    region: settings.region,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    forcePathStyle: settings.forcePathStyle,
    // Plain signed requests, as every S3 server takes them (no aws-chunked bodies with trailing
    // checksums, which some S3-compatible servers refuse).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A server that does not answer fails the start rather than hanging it; no limit on a
    // request's length: a download or an export may stream for as long as its client reads.
    requestHandler: { connectionTimeout: 5_000 },
  })

  const where = `bucket ${bucket} at ${settings.endpoint ?? `Amazon S3 (${settings.region})`}`
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }))
  } catch (error) {
    if (!isNotFound(error)) {
      client.destroy()
      throw new FileStoreUnreachable(
        `The file store's ${where} cannot be used (${errorName(error)}): check S3_ENDPOINT, ` +
          'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.',
      )
    }
    try {
      await client.send(
        new CreateBucketCommand({
          Bucket: bucket,
          ...(settings.region === 'us-east-1'
            ? {}
            : {
                CreateBucketConfiguration: {
                  LocationConstraint: settings.region as BucketLocationConstraint,
                },
              }),
        }),
      )
    } catch (created) {
      // Another node made it at the same moment.
      const name = (created as { name?: unknown }).name
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') {
        client.destroy()
        throw new FileStoreUnreachable(
          `The file store's ${where} does not exist and could not be made (${errorName(created)}).`,
        )
      }
    }
  }

  const checked = (key: string): string => {
    if (!keyIsSafe(key)) throw new TypeError(`Not a file key: ${JSON.stringify(key)}`)
    return key
  }

  const read = async (key: string, range?: { start: number; end: number }): Promise<Readable> => {
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: checked(key),
          ...(range === undefined ? {} : { Range: `bytes=${range.start}-${range.end}` }),
        }),
      )
      // In Node the body is the HTTP answer itself: destroying it ends the request.
      return answer.Body as Readable
    } catch (error) {
      if (isNotFound(error)) throw new FileNotStored(key)
      throw error
    }
  }

  return {
    kind: 's3',

    async put(key, localPath, contentType) {
      const { size } = await stat(localPath)
      // Read by 1 MiB: a large upload goes out in few turns of the event loop, and never more
      // than a piece of it in memory.
      const body = createReadStream(localPath, { highWaterMark: 1024 * 1024 })
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: checked(key),
            Body: body,
            ContentLength: size,
            ContentType: contentType,
          }),
        )
      } finally {
        body.destroy()
      }
    },

    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checked(key) }))
        return head.ContentLength ?? 0
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },

    read,

    async download(key, localPath) {
      await pipeline(await read(key), createWriteStream(localPath))
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checked(key) }))
    },

    async *keys() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket }))
        for (const object of page.Contents ?? [])
          if (object.Key !== undefined && keyIsSafe(object.Key)) yield object.Key
    },

    async close() {
      client.destroy()
    },
  }
}
