import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument, toOpenApiPath } from './openapi.js'
import { restRoutes } from './rest/all.js'
import { commonStatuses } from './route.js'
import { servedContentTypes } from './uploads.js'

describe('buildOpenApiDocument', () => {
  const document = buildOpenApiDocument()
  const paths = document.paths ?? {}

  it('is an OpenAPI 3.1 document with the session cookie scheme', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(document.info.title).toBe('Palabre API')
    expect(document.components?.securitySchemes?.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'palabre_session',
    })
  })

  it('holds every route of restRoutes, with {param} paths', () => {
    for (const [name, route] of Object.entries(restRoutes)) {
      const path = toOpenApiPath(route.path)
      expect(path, name).not.toContain(':')
      const operation = paths[path]?.[route.method]
      expect(operation, `${route.method} ${path}`).toBeDefined()
      expect(operation?.operationId).toBe(name)
      expect(operation?.security).toEqual(route.auth ? [{ session: [] }] : [])
      expect(Object.keys(operation?.responses ?? {}).sort(), name).toEqual(
        [
          ...new Set([...Object.keys(route.responses), ...commonStatuses(route).map(String)]),
        ].sort(),
      )
      const pathParams = (operation?.parameters ?? [])
        .filter((p) => 'in' in p && p.in === 'path')
        .map((p) => ('name' in p ? p.name : ''))
      expect(pathParams.sort(), name).toEqual(
        [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort(),
      )
    }
  })

  it("says each JSON body's limit, and 403 for the administrators' reads", () => {
    const login = paths['/api/auth/login']?.post?.requestBody
    expect(login && 'description' in login ? login.description : '').toBe(
      'At most 65,536 bytes (413 beyond).',
    )
    const quiz = paths['/api/createPoll']?.post?.requestBody
    expect(quiz && 'description' in quiz ? quiz.description : '').toBe(
      'At most 1,048,576 bytes (413 beyond).',
    )
    for (const [name, route] of Object.entries(restRoutes))
      if (route.admin) expect(commonStatuses(route), name).toContain(403)
  })

  it('names the entities as components and references them', () => {
    const schemas = document.components?.schemas ?? {}
    for (const id of [
      'UserProfile',
      'PostData',
      'Recipient',
      'Comment',
      'Group',
      'Poll',
      'Error',
    ]) {
      expect(schemas[id], id).toBeDefined()
    }
    expect(JSON.stringify(schemas.UserProfile)).not.toContain('password')
    const page = paths['/api/post/{userPhone}/{pageIndex}']?.get?.responses?.['200']
    expect(JSON.stringify(page)).toContain('#/components/schemas/PostData')
  })

  it('describes uploads as multipart with the fileToUpload field', () => {
    const upload = paths['/api/upload/image']?.post?.requestBody
    expect(upload && 'content' in upload ? Object.keys(upload.content) : []).toEqual([
      'multipart/form-data',
    ])
    expect(JSON.stringify(upload)).toContain('fileToUpload')
    const audio = paths['/api/upload/audio']?.post?.responses?.['200']
    expect(JSON.stringify(audio)).toContain('text/plain')
  })

  it('says a stored file is answered with its own type, and a preview as PDF', () => {
    for (const status of ['200', '206']) {
      const file = paths['/api/files/{name}']?.get?.responses?.[status]
      const types = file && 'content' in file ? Object.keys(file.content ?? {}) : []
      expect(types).toEqual(expect.arrayContaining(Object.values(servedContentTypes)))
    }
    const preview = paths['/api/files/{name}/preview']?.get?.responses?.['200']
    expect(preview && 'content' in preview ? Object.keys(preview.content ?? {}) : []).toEqual([
      'application/pdf',
    ])
  })

  it('declares every path parameter required, of one type, never null', () => {
    for (const [path, item] of Object.entries(paths)) {
      for (const operation of Object.values(item ?? {})) {
        const parameters = (operation as { parameters?: unknown[] }).parameters ?? []
        for (const parameter of parameters as {
          in: string
          required?: boolean
          schema?: object
        }[]) {
          if (parameter.in === 'path') expect(parameter.required, path).toBe(true)
          expect(JSON.stringify(parameter.schema), path).not.toContain('null')
        }
      }
    }
  })

  it('documents the answers every call may give: 400, 500, 503, and 401 with a session', () => {
    const login = paths['/api/auth/login']?.post?.responses ?? {}
    expect(Object.keys(login)).toEqual(expect.arrayContaining(['400', '403', '413', '415', '500']))
    const wall = paths['/api/post/{userPhone}/{pageIndex}']?.get?.responses ?? {}
    expect(Object.keys(wall)).toEqual(expect.arrayContaining(['400', '401', '500', '503']))
    expect(Object.keys(wall)).not.toContain('413')
  })

  it('converts Express parameters to OpenAPI ones', () => {
    expect(toOpenApiPath('/api/searchPostGroup/:userPhone/:n/:idGroup/:word')).toBe(
      '/api/searchPostGroup/{userPhone}/{n}/{idGroup}/{word}',
    )
  })
})
