import autocannon from 'autocannon'

export type LoadResult = {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Non-2xx responses and socket errors: a fast failure is not a fast success. */
  errors: number
  requests: number
}

/**
 * autocannon against one earn call. Without `rate` it measures capacity (as fast as 10
 * connections go); with `rate` it holds that many requests per second overall.
 */
export async function loadEarnCall(
  baseUrl: string,
  call: string,
  options: { durationS: number; rate?: number; body?: object },
): Promise<LoadResult> {
  const result = await autocannon({
    url: `${baseUrl}/x-api/s1/byfi/${call}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(options.body ?? {}),
    duration: options.durationS,
    connections: 10,
    ...(options.rate ? { overallRate: options.rate } : {}),
  })
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  }
}
