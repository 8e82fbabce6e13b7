import { createHash } from 'node:crypto'

/** What the console's page needs beyond its own origin, found at start. */
export interface ConsolePolicyInputs {
  /** The text of each inline script of the built index.html. */
  inlineScripts: readonly string[]
  /** Where browsers send files straight to storage (an S3 bucket's upload address). */
  uploadOrigins: readonly string[]
}

/**
 * The Content-Security-Policy of the console and the API, as helmet's directives.
 *
 * - Scripts come only from this origin, plus index.html's own inline scripts by hash (they
 *   start the schema request and pick the theme's stylesheet before any other script loads):
 *   no 'unsafe-inline', no 'unsafe-eval', no event-handler attributes.
 * - Styles allow 'unsafe-inline': antd's CSS-in-JS writes <style> elements as components first
 *   render (the pre-built stylesheet covers only its static part), and so do its motion and
 *   the rich-text editor. A nonce would need index.html written per request instead of served
 *   as a cached file, for little: with scripts locked down, injected CSS can restyle a page
 *   but not run anything, and React escapes what it renders.
 * - Images may come from any http(s) address (a logo on a CDN, files in the bucket, whatever
 *   the media-url format lets a field hold) and data: (the captcha picture, the favicon).
 *   Videos and sounds come from the same places, and from blob: (a recording made in the
 *   browser, heard back before it is sent; a voice's sentence, fetched with the token).
 * - Nobody may frame the console (clickjacking), and forms and <base> stay on this origin.
 */
export function consoleContentSecurityPolicy(inputs: ConsolePolicyInputs): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...inputs.inlineScripts.map(scriptHash)],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:', 'http:'],
    'media-src': ["'self'", 'blob:', 'https:', 'http:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...inputs.uploadOrigins],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  }
}

/** The text of every inline script (a <script> without src) of an HTML page, as the browser hashes it. */
export function inlineScriptsOf(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!)).map(([, , text]) => text!)
}

/** A CSP source that allows one inline script by the SHA-256 of its text. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/**
 * The policy @fastify/swagger-ui sets on the API reference (/api/v1/docs), adjusted: framed by
 * no one, as the console, and its styles allowed as the console's are. Swagger UI's script
 * writes a <style> element that the package's own policy refuses, since the hashes it lists
 * for styles switch 'unsafe-inline' off.
 */
export function apiReferencePolicy(policy: string): string {
  return policy.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(/style-src [^;]*/, "style-src 'self' https: 'unsafe-inline'")
}
