import type { FastifyInstance } from 'fastify'

/** A back office has nothing for search engines: every crawler is asked to stay out of every path. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n'

/** GET /robots.txt, which would otherwise be answered with the console's page. */
export async function robots(app: FastifyInstance): Promise<void> {
  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS_TXT))
}
