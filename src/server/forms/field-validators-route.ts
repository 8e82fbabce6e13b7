import type { FastifyInstance } from 'fastify'
import { FORM_VALIDATORS_PATH } from '../../schema/form-fields'
import type { Registry } from '../../schema/types'
import { API_PREFIX } from '../engine/endpoint-routes'
import { fieldValidatorsModule } from './field-validators-module'
import { etagOf, matchesEtag } from '../http/etag'

/**
 * GET /api/v1/platform/form_validators.js: the forms' validators as a script (see
 * fieldValidatorsModule). Compiled on the first request rather than at start (half a second
 * a start need not wait for), then kept with an ETag, as the schema files it comes from.
 */
export async function fieldValidatorsRoute(app: FastifyInstance, opts: { registry: Registry }): Promise<void> {
  let compiled: { body: string; etag: string } | undefined
  app.get(API_PREFIX + FORM_VALIDATORS_PATH, (request, reply) => {
    if (!compiled) {
      const body = fieldValidatorsModule(opts.registry)
      compiled = { body, etag: etagOf(body) }
    }
    reply.header('cache-control', 'no-cache').header('etag', compiled.etag)
    if (matchesEtag(request.headers['if-none-match'], compiled.etag)) return reply.code(304).send()
    return reply.type('text/javascript; charset=utf-8').send(compiled.body)
  })
}
