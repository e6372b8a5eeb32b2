import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { restRoutes } from './rest/all.js'
import { errorBodySchema } from './errors.js'
import {
  boundInteger,
  closeTuple,
  eachSchema,
  expandNumberPlan,
  nulFreeComponents,
  nulFreePattern,
  refuseNul,
} from './openapi-rules.js'
import { bodyLimitOf, commonStatuses } from './route.js'
import type { RouteContract } from './route.js'
import { servedContentTypes, uploadExampleNames, uploadExtensions } from './uploads.js'

/** The name of the session cookie scheme in the document. */
export const sessionSecurityScheme = 'session'
export const sessionCookieName = 'palabre_session'

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>

/** `/api/user/:phone` -> `/api/user/{phone}`. */
export const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z_]\w*)/g, '{$1}')

const statusText: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  206: 'Partial content (a Range request)',
  400: 'Invalid input',
  401: 'No signed-in session, or wrong password',
  403: 'Not allowed for this user',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Already exists',
  413: 'Too large',
  415: 'Unsupported file type',
  416: 'Range not satisfiable',
  429: 'Too many requests',
  500: 'Server error',
  503: 'Unavailable',
}

const isObjectSchema = (schema: z.ZodType): schema is z.ZodObject =>
  schema instanceof z.ZodObject && Object.keys(schema.shape).length > 0

const responseOf = (route: RouteContract, status: number, schema: z.ZodType): ResponseConfig => {
  const description = statusText[status] ?? `Status ${status}`
  if (schema instanceof z.ZodUndefined) return { description }
  if (status >= 400 || route.responseKind === undefined || route.responseKind === 'json')
    return { description, content: { 'application/json': { schema } } }
  if (route.responseKind === 'text') return { description, content: { 'text/plain': { schema } } }
  const types = route.binaryTypes ?? ['application/octet-stream']
  return {
    description,
    content: Object.fromEntries(
      types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
    ),
  }
}

/** What a call answers: its own statuses, then the ones every call of its kind may give. */
const responsesOf = (route: RouteContract): Record<string, ResponseConfig> => {
  const declared = route.responses as Record<number, z.ZodType>
  const common = commonStatuses(route).filter((status) => declared[status] === undefined)
  return Object.fromEntries([
    ...Object.entries(declared).map(([status, schema]) => [
      status,
      responseOf(route, Number(status), schema),
    ]),
    ...common.map((status) => [String(status), responseOf(route, status, errorBodySchema)]),
  ])
}

/** "a, b or c". */
const listed = (items: readonly string[]): string =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`

/**
 * An upload (docs/files.md, "Uploads"): one file, in its field, named with an extension of its
 * kind, whose content is of the type that extension names (the server reads it to check). Other
 * fields are ignored, five at most: the document declares none.
 */
const uploadBodyOf = ({ field, kind }: NonNullable<RouteContract['upload']>) => {
  const extensions = uploadExtensions[kind]
  const types = [...new Set(extensions.map((extension) => servedContentTypes[extension]))]
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object' as const,
          required: [field],
          additionalProperties: false,
          properties: {
            [field]: {
              type: 'string' as const,
              contentMediaType: 'application/octet-stream',
              description: `A ${listed(extensions)} file, its content of the type its extension names.`,
            },
          },
        },
        encoding: {
          [field]: {
            contentType: types.join(', '),
            headers: {
              'Content-Disposition': {
                description: `The file's name ends in .${listed(extensions)}.`,
                schema: {
                  type: 'string' as const,
                  pattern: `filename="[^"]*\\.(?:${extensions.join('|')})"`,
                },
                example: `form-data; name="${field}"; filename="${uploadExampleNames[kind]}"`,
              },
            },
          },
        },
      },
    },
  }
}

const requestBodyOf = (route: RouteContract): RouteConfig['request'] => {
  if (route.upload !== undefined) return { body: uploadBodyOf(route.upload) }
  if (route.body instanceof z.ZodUndefined) return {}
  return {
    body: {
      required: true,
      description: `At most ${bodyLimitOf(route).toLocaleString('en')} bytes (413 beyond).`,
      content: { 'application/json': { schema: route.body } },
    },
  }
}

const toRouteConfig = (name: string, route: RouteContract): RouteConfig => ({
  method: route.method,
  path: toOpenApiPath(route.path),
  operationId: name,
  summary: route.summary,
  tags: [route.tag],
  security: route.auth ? [{ [sessionSecurityScheme]: [] }] : [],
  request: {
    ...(isObjectSchema(route.params) ? { params: route.params } : {}),
    ...(isObjectSchema(route.query) ? { query: route.query } : {}),
    ...requestBodyOf(route),
  },
  responses: responsesOf(route),
})

/**
 * The OpenAPI 3.1 document of every REST call, generated from the contracts (never written by
 * hand). Served by the api at /api/openapi.json.
 */
export const buildOpenApiDocument = (
  routes: Record<string, RouteContract> = restRoutes,
): OpenApiDocument => {
  const registry = new OpenAPIRegistry()
  registry.registerComponent('securitySchemes', sessionSecurityScheme, {
    type: 'apiKey',
    in: 'cookie',
    name: sessionCookieName,
    description: 'The httpOnly session cookie set by POST /api/auth/login and sign-up.',
  })
  for (const [name, route] of Object.entries(routes)) {
    registry.registerPath(toRouteConfig(name, route))
  }
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Palabre API',
      version: '1.0.0',
      description: `REST calls of the Palabre team messenger, generated from @palabre/contracts. No text of a request, key or value, may hold the NUL character: each string a request declares carries the pattern ${JSON.stringify(nulFreePattern)}.`,
    },
    servers: [{ url: '/' }],
  })
  withRules(document)
  return document
}

/** The parts of a request: its parameters' schemas and its bodies'. */
const requestSchemas = (document: OpenApiDocument): unknown[] =>
  Object.values(document.paths ?? {}).flatMap((item) =>
    Object.values(item ?? {}).flatMap((operation) => {
      const { parameters = [], requestBody } = operation as {
        parameters?: { schema?: unknown }[]
        requestBody?: { content?: Record<string, { schema?: unknown }> }
      }
      return [
        ...parameters.map((parameter) => parameter.schema),
        ...Object.values(requestBody?.content ?? {}).map((media) => media.schema),
      ]
    }),
  )

/**
 * Adds the rules of openapi-rules.ts: everywhere the integers' bounds, the tuples' lengths and
 * the number plans; in requests, no NUL.
 */
const withRules = (document: OpenApiDocument): void => {
  document.components ??= {}
  document.components.schemas ??= {}
  const components = document.components.schemas as Record<string, unknown>
  const everySchema = [
    ...Object.values(components),
    ...requestSchemas(document),
    ...Object.values(document.paths ?? {}).flatMap((item) =>
      Object.values(item ?? {}).flatMap((operation) =>
        Object.values((operation as { responses?: object }).responses ?? {}).flatMap((response) =>
          Object.values((response as { content?: object }).content ?? {}).map(
            (media) => (media as { schema?: unknown }).schema,
          ),
        ),
      ),
    ),
  ]
  const everywhere = new Set<unknown>()
  for (const schema of everySchema) {
    eachSchema(
      schema,
      components,
      (each) => {
        boundInteger(each)
        closeTuple(each)
        expandNumberPlan(each)
      },
      everywhere,
    )
  }
  const inRequests = new Set<unknown>()
  for (const schema of requestSchemas(document))
    eachSchema(schema, components, refuseNul, inRequests)
  Object.assign(components, structuredClone(nulFreeComponents))
}
