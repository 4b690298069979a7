import autocannon from 'autocannon'

export type LoadResult = {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Non-2xx responses, envelopes with ret_code ≠ 0 and socket errors: a fast failure is not a fast success. */
  errors: number
  requests: number
  /** The first failing answer, to say why in the report. */
  firstError?: string
}

export type LoadOptions = {
  durationS: number
  rate?: number
  body?: object
  /** The session token of a logged-in user, sent as the UserToken header. */
  token?: string
  /** A fresh body per request (e.g. a unique order_id); `n` counts from 0 across connections. */
  bodyFor?: (n: number) => object
  /** Several users' tokens: each connection sends one of them, in turn (overrides `token`). */
  tokens?: string[]
}

/**
 * autocannon against one earn call. Without `rate` it measures capacity (as fast as 10
 * connections go); with `rate` it holds that many requests per second overall. Every answer's
 * envelope is read: an HTTP 200 carrying a ret_code is counted as an error too.
 */
export async function loadEarnCall(
  baseUrl: string,
  call: string,
  options: LoadOptions,
): Promise<LoadResult> {
  let failed = 0
  let firstError: string | undefined
  let sent = 0
  const { bodyFor, tokens } = options
  let connection = 0
  const result = await autocannon({
    url: `${baseUrl}/x-api/s1/byfi/${call}`,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { usertoken: options.token } : {}),
    },
    body: JSON.stringify(options.body ?? {}),
    duration: options.durationS,
    connections: 10,
    // At a fixed rate autocannon 8 "corrects" for coordinated omission with an expected
    // interval of ceil(1 / rate-per-connection) = 1 ms (seconds taken as milliseconds), so every
    // L ms answer also records L - 1 made-up samples of L - 1 … 1 ms: one slow answer outweighs
    // dozens of fast ones and p99 triples. The fixed-rate figures are the measured latencies.
    ...(options.rate ? { overallRate: options.rate, ignoreCoordinatedOmission: true } : {}),
    requests: [
      {
        ...(bodyFor || tokens
          ? {
              setupRequest: (req, context: { token?: string }) => {
                if (tokens) context.token ??= tokens[connection++ % tokens.length]
                return {
                  ...req,
                  ...(bodyFor ? { body: JSON.stringify(bodyFor(sent++)) } : {}),
                  ...(context.token
                    ? { headers: { ...req.headers, usertoken: context.token } }
                    : {}),
                }
              },
            }
          : {}),
        onResponse: (status, body) => {
          if (status !== 200) return
          // The envelope's ret_code comes first; a full parse of every answer is not needed.
          if (/^\{"ret_code":0[,}]/.test(body)) return
          failed++
          firstError ??= body.slice(0, 200)
        },
      },
    ],
  })
  const summary = summarize(result)
  return {
    ...summary,
    errors: summary.errors + failed,
    ...(firstError ? { firstError } : {}),
  }
}

/** The figures of an autocannon run; errors are non-2xx answers, socket errors and timeouts. */
const summarize = (result: autocannon.Result): LoadResult => ({
  requestsPerSecond: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  errors: result.non2xx + result.errors + result.timeouts,
  requests: result.requests.total,
})

/** A root element with markup in it (an empty one is `<div id="root"></div>`). */
const FIRST_VIEW_IN_ROOT = /<div id="root"><(?!\/div>)/

/**
 * autocannon against an earn page's shell (GET, as a phone): what the server-rendered first
 * view costs. `withFirstView` counts the shells that carried one (a render later than the
 * server's wait, or a failed one, serves the plain shell).
 */
export async function loadShell(
  baseUrl: string,
  path: string,
  durationS: number,
): Promise<LoadResult & { withFirstView: number }> {
  let withFirstView = 0
  const result = await autocannon({
    url: `${baseUrl}${path}`,
    method: 'GET',
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile' },
    duration: durationS,
    connections: 10,
    requests: [
      {
        onResponse: (status, body) => {
          if (status === 200 && FIRST_VIEW_IN_ROOT.test(body)) withFirstView++
        },
      },
    ],
  })
  return { ...summarize(result), withFirstView }
}
