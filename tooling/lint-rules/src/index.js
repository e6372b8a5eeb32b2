// @ts-check
import { docCitations } from './doc-citations.js'
import { featureBoundaries } from './feature-boundaries.js'
import { wireNames } from './wire-names.js'

/** The project's own lint rules (docs/web-structure.md; docs/architecture.md, "Citing the documents"). */
export const plugin = {
  meta: { name: '@palabre/lint-rules' },
  rules: {
    'doc-citations': docCitations,
    'feature-boundaries': featureBoundaries,
    'wire-names': wireNames,
  },
}
export default plugin
