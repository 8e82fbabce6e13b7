/**
 * The slice of autocannon 8's programmatic API the bench uses. The package ships no
 * types and @types/autocannon is not a dependency, so this states only what load.ts calls.
 */
declare module 'autocannon' {
  namespace autocannon {
    interface Histogram {
      average: number
      mean: number
      stddev: number
      min: number
      max: number
      total: number
      p50: number
      p90: number
      p99: number
    }

    interface RawRequest {
      method?: string
      path?: string
      headers?: Record<string, string>
    }

    interface Options {
      url: string
      connections?: number
      duration?: number
      headers?: Record<string, string>
      requests?: { setupRequest?: (request: RawRequest) => RawRequest }[]
      verifyBody?: (body: string) => boolean
    }

    interface Result {
      requests: Histogram
      latency: Histogram
      duration: number
      errors: number
      timeouts: number
      mismatches: number
      non2xx: number
    }
  }

  function autocannon(opts: autocannon.Options): Promise<autocannon.Result> & { stop(): void }
  export default autocannon
}
