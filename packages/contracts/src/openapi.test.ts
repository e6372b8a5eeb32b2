import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument, toOpenApiPath } from './openapi.js'
import { restRoutes } from './rest/all.js'

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
      expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(
        Object.keys(route.responses).sort(),
      )
      const pathParams = (operation?.parameters ?? [])
        .filter((p) => 'in' in p && p.in === 'path')
        .map((p) => ('name' in p ? p.name : ''))
      expect(pathParams.sort(), name).toEqual(
        [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort(),
      )
    }
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
    const file = paths['/api/files/{name}']?.get?.responses?.['206']
    expect(JSON.stringify(file)).toContain('application/octet-stream')
  })

  it('converts Express parameters to OpenAPI ones', () => {
    expect(toOpenApiPath('/api/searchPostGroup/:userPhone/:n/:idGroup/:word')).toBe(
      '/api/searchPostGroup/{userPhone}/{n}/{idGroup}/{word}',
    )
  })
})
