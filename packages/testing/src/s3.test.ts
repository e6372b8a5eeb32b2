import {
  CreateBucketCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3Server } from './s3.js'
import type { RunningS3 } from './s3.js'

describe('startS3Server', () => {
  let server: RunningS3
  let client: S3Client
  beforeAll(async () => {
    server = await startS3Server()
    client = new S3Client({
      endpoint: server.endpoint,
      region: server.region,
      forcePathStyle: true,
      credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    })
  })
  afterAll(async () => {
    client.destroy()
    await server.stop()
  })

  it('answers on loopback only', () => {
    expect(new URL(server.endpoint).hostname).toBe('127.0.0.1')
  })

  it('creates buckets and stores and serves objects, byte ranges included', async () => {
    for (const bucket of ['harness-a', 'harness-b']) {
      await client.send(new CreateBucketCommand({ Bucket: bucket }))
      const body = Buffer.from(`bytes of ${bucket} `.repeat(1_000))
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'a file (é).txt', Body: body }))
      const whole = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: 'a file (é).txt' }),
      )
      expect(Buffer.from(await whole.Body!.transformToByteArray())).toEqual(body)
      const part = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: 'a file (é).txt', Range: 'bytes=10-19' }),
      )
      expect(Buffer.from(await part.Body!.transformToByteArray())).toEqual(body.subarray(10, 20))
    }
  })

  it('refuses a request signed with other credentials', async () => {
    const stranger = new S3Client({
      endpoint: server.endpoint,
      region: server.region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'someone', secretAccessKey: 'something-else-entirely' },
    })
    await expect(
      stranger.send(new PutObjectCommand({ Bucket: 'harness-a', Key: 'x', Body: 'x' })),
    ).rejects.toThrow()
    stranger.destroy()
  })

  it('gives the api its settings for a bucket', () => {
    expect(server.env('files')).toEqual({
      FILE_STORE: 's3',
      S3_ENDPOINT: server.endpoint,
      S3_BUCKET: 'files',
      S3_REGION: server.region,
      S3_ACCESS_KEY_ID: server.accessKeyId,
      S3_SECRET_ACCESS_KEY: server.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    })
  })
})
