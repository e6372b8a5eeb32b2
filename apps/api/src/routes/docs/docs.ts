import { createRequire } from 'node:module'
import type { RouteContract } from '@palabre/contracts'
import { buildOpenApiDocument } from '@palabre/contracts/openapi'
import express from 'express'
import type { Router } from 'express'

const require = createRequire(import.meta.url)
const swaggerUiDir = (
  require('swagger-ui-dist') as { getAbsoluteFSPath(): string }
).getAbsoluteFSPath()

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Palabre API</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`
// Served as a file rather than inline, so the page works under a CSP without 'unsafe-inline'.
const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui' })\n`

/** The OpenAPI document of the served contract entries, and a browsable page for it. */
export const mountDocs = (router: Router, served: Record<string, RouteContract>): void => {
  let document: unknown
  router.get('/api/openapi.json', (_req, res) => {
    document ??= buildOpenApiDocument(served)
    res.json(document)
  })
  router.get('/api/docs', (_req, res) => {
    res.type('html').send(page)
  })
  router.get('/api/docs/init.js', (_req, res) => {
    res.type('js').send(init)
  })
  router.use('/api/docs/assets', express.static(swaggerUiDir, { index: false }))
}
