// @ts-check
import { featureBoundaries } from './feature-boundaries.js'
import { wireNames } from './wire-names.js'

/** The project's own lint rules (docs/web-structure.md). */
export const plugin = {
  meta: { name: '@palabre/lint-rules' },
  rules: { 'feature-boundaries': featureBoundaries, 'wire-names': wireNames },
}
export default plugin
