// @ts-check
import path from 'node:path'

/**
 * The server's wire names stay in the web app's queries layer (docs/wall.md, "View models"):
 * there the server's items become view models, and the rest of the app reads only those, in
 * the product's words. Outside a `queries/` folder, any identifier, property key, member access,
 * destructured key or string literal spelling one of the configured names is reported. Which
 * files the rule runs on is the configuration's choice (the web app's sources).
 */

/** @typedef {{ names: string[] }} Options */

/** Whether a file sits under a folder named `queries`, where wire names belong. */
const inQueries = (/** @type {string} */ file) =>
  /(^|\/)queries\//.test(file.replaceAll(path.sep, '/'))

/** @type {import('eslint').Rule.RuleModule} */
export const wireNames = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Read the server wire names only in the queries layer.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          names: { type: 'array', items: { type: 'string' }, uniqueItems: true },
        },
        required: ['names'],
        additionalProperties: false,
      },
    ],
    messages: {
      wireName:
        "'{{name}}' is a wire name: read it in the queries layer and give components the view model's word (docs/web-structure.md)",
    },
  },
  create(context) {
    if (inQueries(context.filename)) return {}
    const names = new Set(/** @type {Options} */ (context.options[0]).names)
    // A shorthand `{ name }` holds its name twice (key and value): one report per place.
    const reported = new Set()

    /** @param {import('estree').Node} node @param {unknown} value */
    const check = (node, value) => {
      if (typeof value !== 'string' || !names.has(value)) return
      const place = node.range ? node.range.join(':') : node
      if (reported.has(place)) return
      reported.add(place)
      context.report({ node, messageId: 'wireName', data: { name: value } })
    }

    return {
      // Names, keys, member accesses and destructured keys are all identifiers.
      Identifier: (node) => check(node, node.name),
      // A JSX attribute (a prop) named after a wire field.
      JSXIdentifier: (/** @type {import('estree').Node & { name: string }} */ node) =>
        check(node, node.name),
      // 'name' as a computed key, a type of keys, or any other string.
      Literal: (node) => check(node, node.value),
      TemplateLiteral: (node) =>
        node.expressions.length === 0 && check(node, node.quasis[0]?.value.cooked),
    }
  },
}
