import type { EndpointDef } from '../../src/schema/types'

/**
 * The way a route reads its request and writes its answer, which is all that decides how it
 * meets a malformed body, a wrong content type or method, or an oversized request: Fastify
 * parses and refuses those before the endpoint's own code, the same way for every route of
 * a shape. Routes of one shape differ only in their schema, which is judged per endpoint.
 */
export function routeShape(endpoint: EndpointDef): string {
  const input = endpoint.files ? 'multipart' : endpoint.method === 'GET' ? (endpoint.request.query ? 'query' : 'no query') : endpoint.request.body ? 'JSON body' : 'no body'
  const answer = endpoint.stream ? 'event stream' : endpoint.download ? 'download' : 'envelope'
  return `${endpoint.method} ${input}, ${answer}${endpoint.access === 'open' ? ', open' : ''}`
}
