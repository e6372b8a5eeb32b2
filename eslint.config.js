// One lint configuration for the whole monorepo, including the import boundaries
// (docs/architecture.md, "Dependencies"): apps -> domain -> contracts, the web imports contracts
// only, neither server imports the other.
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import i18next from 'eslint-plugin-i18next'
import palabre from '@palabre/lint-rules'
import tseslint from 'typescript-eslint'

const deepImports = {
  group: ['@palabre/*/src', '@palabre/*/src/*', '@palabre/*/dist', '@palabre/*/dist/*'],
  message: 'Import a package by its name, never its files.',
}
const forbid = (names, message) => ({ group: names, message })

const boundary = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [deepImports, ...patterns] }] },
})

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-testing/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read the environment only in a config/env module.',
        },
      ],
    },
  },
  {
    // The modules allowed to read the environment.
    files: [
      '**/env.ts',
      '**/config.ts',
      '**/*.config.ts',
      '**/vitest-*.ts',
      'bench/**',
      'tooling/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // A comment citing a document cites what is there (docs/architecture.md, "Citing the
    // documents"), in every package.
    plugins: { palabre },
    rules: {
      'palabre/doc-citations': [
        'error',
        { docsDir: fileURLToPath(new URL('./docs', import.meta.url)) },
      ],
    },
  },
  boundary(
    ['packages/contracts/**'],
    [
      forbid(
        ['@palabre/domain', '@palabre/api', '@palabre/realtime', '@palabre/web', 'mongoose'],
        'contracts depend on nothing of ours.',
      ),
    ],
  ),
  boundary(
    ['packages/domain/**'],
    [
      forbid(
        ['@palabre/api', '@palabre/realtime', '@palabre/web', 'express', 'socket.io'],
        'domain sits below the apps.',
      ),
    ],
  ),
  boundary(
    ['packages/server-kit/**'],
    [
      forbid(
        ['@palabre/domain', '@palabre/api', '@palabre/realtime', '@palabre/web', 'mongoose'],
        'server-kit serves both servers and depends on nothing of ours.',
      ),
    ],
  ),
  boundary(
    ['apps/api/**'],
    [forbid(['@palabre/realtime', '@palabre/web'], 'Neither server imports the other.')],
  ),
  boundary(
    ['apps/realtime/**'],
    [forbid(['@palabre/api', '@palabre/web'], 'Neither server imports the other.')],
  ),
  boundary(
    ['apps/web/src/**'],
    [
      forbid(
        ['@palabre/domain', '@palabre/api', '@palabre/realtime', '@palabre/testing', 'mongoose'],
        'The web imports contracts only.',
      ),
    ],
  ),
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The web app's folders (docs/web-structure.md): a feature is used through its entry only.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { palabre },
    rules: {
      'palabre/feature-boundaries': [
        'error',
        { srcRoot: 'apps/web/src', routes: ['routes.tsx', 'page-modules.ts'] },
      ],
    },
  },
  {
    // The server's wire names stay in the queries layer, which hands the rest of the web app
    // view models in the product's words (docs/wall.md, "View models").
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/queries/**'],
    plugins: { palabre },
    rules: {
      'palabre/wire-names': [
        'error',
        { names: ['emetr_phone', 'emetr_name', 'destinataires', 'cmtnonlu', 'tagcmtstatut'] },
      ],
    },
  },
  {
    // A screen writes no text of its own: every text comes from the catalogue
    // (docs/languages.md, "The catalogue"). Text in JSX and in the attributes people read or
    // hear is reported; symbols, numbers and form field names are not texts.
    files: ['apps/web/src/**/*.tsx'],
    ignores: [
      'apps/web/src/**/*.test.tsx',
      'apps/web/src/**/test-support.tsx',
      'apps/web/src/test/**',
    ],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'aria-label',
              'aria-description',
              'aria-roledescription',
              'aria-valuetext',
              'title',
              'placeholder',
              'alt',
              'label',
            ],
          },
          callees: { exclude: ['t', 'register', 'form\\.register'] },
          // Numbers, punctuation and symbols ('×', '●', '→') are not texts.
          words: { exclude: ['[0-9\\s!-/:-@[-`{-~×●■→←‹›«»…·•✓✗—–©°]+'] },
        },
      ],
    },
  },
  prettier,
)
