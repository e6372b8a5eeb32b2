// @ts-check
import path from 'node:path'

/**
 * The web app's features (docs/web-structure.md): each folder of `features/` is one part of the
 * product, and another part may use it only through its entry, `index.ts(x)`, or, from a test,
 * its `test-support`. The shared layers (`lib`, `components`, `i18n`, `test`, `session`) sit
 * below the features and import none; only the routes table opens a feature, by its entry or
 * its pages (`*-page`), each page being a chunk of its own.
 */

/** @typedef {{ srcRoot: string, routes?: string[] }} Options */

const entries = ['index']
const testEntries = ['test-support']
const isTestFile = (/** @type {string} */ file) =>
  /\.test\.tsx?$/.test(file) || /(^|\/)test-support\.tsx?$/.test(file) || file.includes('/test/')

/**
 * Where a file sits in the app: its feature, or the shared layers, or outside the app.
 * @param {string} file an absolute path
 * @param {string} srcRoot
 * @returns {{ inApp: false } | { inApp: true, relative: string, feature: string | undefined }}
 */
export const placeOf = (file, srcRoot) => {
  const marker = `/${srcRoot.replace(/^\/+|\/+$/g, '')}/`
  const at = file.replaceAll(path.sep, '/').lastIndexOf(marker)
  if (at < 0) return { inApp: false }
  const relative = file.replaceAll(path.sep, '/').slice(at + marker.length)
  const match = /^features\/([^/]+)(?:\/|$)/.exec(relative)
  return { inApp: true, relative, feature: match?.[1] }
}

/** The module of a feature an import names, without extension: 'index', 'a/b', or '' (the folder). */
const moduleInFeature = (/** @type {string} */ relative, /** @type {string} */ feature) =>
  relative
    .slice(`features/${feature}`.length)
    .replace(/^\//, '')
    .replace(/\.(tsx?|jsx?|css)$/, '')

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Use another feature only through its entry; shared layers import no feature.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          srcRoot: { type: 'string' },
          routes: { type: 'array', items: { type: 'string' } },
        },
        required: ['srcRoot'],
        additionalProperties: false,
      },
    ],
    messages: {
      internals:
        "'{{source}}' reaches into the {{feature}} feature's internals: import its entry (features/{{feature}}) instead.",
      sharedLayer:
        "'{{source}}' imports the {{feature}} feature from a shared layer: shared code sits below the features.",
    },
  },
  create(context) {
    const options = /** @type {Options} */ (context.options[0])
    const here = placeOf(context.filename, options.srcRoot)
    if (!here.inApp) return {}
    const routes = options.routes ?? ['routes.tsx']
    const fromTest = isTestFile(here.relative)

    /** @param {import('estree').Node} node @param {unknown} value */
    const check = (node, value) => {
      if (typeof value !== 'string' || !value.startsWith('.')) return
      const target = path.resolve(path.dirname(context.filename), value)
      const there = placeOf(target, options.srcRoot)
      if (!there.inApp || there.feature === undefined || there.feature === here.feature) return
      const feature = there.feature
      const module = moduleInFeature(there.relative, feature)
      const isEntry = module === '' || entries.includes(module)
      const isTestEntry = testEntries.includes(module) && fromTest
      const fromRoutes = routes.includes(here.relative)
      // The routes table loads each page's own module, so a page is its own chunk.
      const isPage = fromRoutes && /(^|\/)[\w-]+-page$/.test(module)
      if (here.feature === undefined && !fromRoutes && !fromTest) {
        context.report({ node, messageId: 'sharedLayer', data: { source: value, feature } })
        return
      }
      if (!isEntry && !isTestEntry && !isPage)
        context.report({ node, messageId: 'internals', data: { source: value, feature } })
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value),
    }
  },
}
