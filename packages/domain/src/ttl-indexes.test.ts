// What expires is removed by the server itself (docs/database-engine.md, "What an engine must
// give"): these are the TTL indexes as the engine in use created them.
import type { Model } from 'mongoose'
import { describe, expect, it } from 'vitest'
import { otpModel } from './otp/otp-model.js'
import { rateSlotModel } from './otp/rate-slot-model.js'
import { sessionModel } from './sessions/session-model.js'
import { useDomainScene } from './testing/domain-scene.js'

const scene = useDomainScene()

const ttlIndexesOf = async <T>(model: Model<T>) =>
  (await model.collection.listIndexes().toArray())
    .filter((index) => index['expireAfterSeconds'] !== undefined)
    .map((index) => ({ key: index['key'], expireAfterSeconds: index['expireAfterSeconds'] }))

describe('TTL indexes', () => {
  it('remove OTP codes once expired', async () => {
    expect(await ttlIndexesOf(otpModel(scene.connection))).toEqual([
      { key: { expiresAt: 1 }, expireAfterSeconds: 0 },
    ])
  })

  it('remove rate-limit slots once free', async () => {
    expect(await ttlIndexesOf(rateSlotModel(scene.connection))).toEqual([
      { key: { freeAt: 1 }, expireAfterSeconds: 0 },
    ])
  })

  it('remove sessions once expired', async () => {
    expect(await ttlIndexesOf(sessionModel(scene.connection))).toEqual([
      { key: { expiresAt: 1 }, expireAfterSeconds: 0 },
    ])
  })
})
