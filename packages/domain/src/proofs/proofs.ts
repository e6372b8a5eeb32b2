import type { Connection } from 'mongoose'
import { spentProofModel } from './spent-proof-model.js'
import { isDuplicateKey } from '../database.js'

export interface ProofLedger {
  /**
   * Uses a proof up: true the first time its id is spent, false for every later use (a replay),
   * also when two uses race. `expiresAt` is when the proof stops being valid anyway.
   */
  spend(proofId: string, expiresAt: Date): Promise<boolean>
}

export const createProofLedger = (connection: Connection): ProofLedger => {
  const SpentProof = spentProofModel(connection)
  return {
    async spend(proofId, expiresAt) {
      try {
        await SpentProof.create({ _id: proofId, expiresAt })
        return true
      } catch (error) {
        if (isDuplicateKey(error)) return false
        throw error
      }
    },
  }
}
