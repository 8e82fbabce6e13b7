import type { FastifyInstance } from 'fastify'
import { FORM_VALIDATORS_PATH, formSources, type FormSource } from '../../schema/form-fields'
import type { Registry } from '../../schema/types'
import { API_PREFIX } from '../engine/endpoint-routes'
import { AppError } from '../errors/AppError'
import { fieldValidatorsCompiler } from './field-validators-module'
import { etagOf, matchesEtag } from '../http/etag'

/**
 * GET /api/v1/platform/form_validators.js?form=SOURCE: one form's validators as a script (see
 * fieldValidatorsModule), so a page loads those of the forms it opens and no others. Each is
 * compiled on its first request, then kept with an ETag, the hash of its text: a browser that
 * has it asks again and gets a 304 until the schema files change.
 */
export async function fieldValidatorsRoute(app: FastifyInstance, opts: { registry: Registry }): Promise<void> {
  const sources = new Set(formSources(opts.registry).keys())
  const compiled = new Map<FormSource, { body: string; etag: string }>()
  let compile: ((source: FormSource) => string) | undefined
  app.get<{ Querystring: { form?: string } }>(API_PREFIX + FORM_VALIDATORS_PATH, (request, reply) => {
    const source = request.query.form as FormSource | undefined
    if (!source || !sources.has(source)) throw new AppError('ROUTE_NOT_FOUND', { route: `form ${source ?? '(none: name one with ?form=)'}` })
    let module = compiled.get(source)
    if (!module) {
      const body = (compile ??= fieldValidatorsCompiler(opts.registry))(source)
      compiled.set(source, (module = { body, etag: etagOf(body) }))
    }
    reply.header('cache-control', 'no-cache').header('etag', module.etag)
    if (matchesEtag(request.headers['if-none-match'], module.etag)) return reply.code(304).send()
    return reply.type('text/javascript; charset=utf-8').send(module.body)
  })
}
