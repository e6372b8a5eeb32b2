import { dialCodeOfPhone, isValidPhoneKey } from '@palabre/contracts'

/**
 * The key an earlier rule stored wrong, repaired (docs/phones.md, "Re-keying at start"), or
 * undefined when the key is to be left alone. Two mistakes were made, each the other's mirror:
 *
 * - a trunk 0 kept after the dial code (a French contact typed '+33 06…' was stored
 *   '3306…'): the 0 is dropped;
 * - a 0 that belongs to the number dropped at sign-up (Côte d'Ivoire '+225 07…' was stored
 *   '2257…', Benin '+229 01…' '2291…'): the 0 is put back.
 *
 * Only a key that is not a valid phone as stored, and is one once repaired, is changed: a valid
 * key, a key of another country and a key no repair makes valid all stay as they are.
 */
export const repairedPhoneKey = (key: string): string | undefined => {
  if (!/^\d+$/.test(key) || isValidPhoneKey(key)) return undefined
  const dial = dialCodeOfPhone(key)
  if (dial === undefined) return undefined
  const national = key.slice(dial.length)
  const repaired = national.startsWith('0') ? `${dial}${national.slice(1)}` : `${dial}0${national}`
  return isValidPhoneKey(repaired) ? repaired : undefined
}
