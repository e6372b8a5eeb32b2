import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
import { featureBoundaries } from './feature-boundaries.js'

RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
})
const options = [{ srcRoot: 'apps/web/src' }]
const src = '/repo/apps/web/src'
const at = (file: string, code: string) => ({ filename: `${src}/${file}`, code, options })

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    // Within a feature, anything goes.
    at('features/wall/post-card/post-card.tsx', "import { x } from '../format/dates'"),
    // Another feature, through its entry (the folder or its index).
    at('features/wall/discussion/composer.tsx', "import { PollHost } from '../../quizzes'"),
    at('features/wall/discussion/composer.tsx', "import { PollHost } from '../../quizzes/index'"),
    // A test may use another feature's test support.
    at(
      'features/wall/discussion/composer.test.tsx',
      "import { q } from '../../quizzes/test-support'",
    ),
    // Shared layers, from anywhere.
    at('features/reader/file-view.tsx', "import { fileUrl } from '../../lib/file-links'"),
    // The routes table opens pages.
    at('routes.tsx', "const page = import('./features/wall/wall-page')"),
    // Packages are not this rule's business.
    at('lib/dates.ts', "import { format } from 'date-fns'"),
    // Files outside the app are not checked.
    {
      filename: '/repo/apps/api/src/x.ts',
      code: "import { y } from '../../web/src/features/wall/x'",
      options,
    },
  ],
  invalid: [
    {
      ...at('features/reader/file-view.tsx', "import { x } from '../wall/format/file-links'"),
      errors: [{ messageId: 'internals' }],
    },
    {
      ...at('features/wall/post-card/x.tsx', "export { PollCard } from '../../quizzes/poll-card'"),
      errors: [{ messageId: 'internals' }],
    },
    {
      ...at('features/wall/post-card/x.tsx', "const m = import('../../quizzes/poll-card')"),
      errors: [{ messageId: 'internals' }],
    },
    {
      // Test support is for tests only.
      ...at(
        'features/wall/discussion/composer.tsx',
        "import { q } from '../../quizzes/test-support'",
      ),
      errors: [{ messageId: 'internals' }],
    },
    {
      // Shared layers sit below the features.
      ...at('lib/dates.ts', "import { x } from '../features/wall'"),
      errors: [{ messageId: 'sharedLayer' }],
    },
    {
      // Pages are entries for the routes table only.
      ...at('features/wall/wall-page.tsx', "import { ReaderPage } from '../reader/reader-page'"),
      errors: [{ messageId: 'internals' }],
    },
  ],
})
