/** The error object of spec §3/§8: message, code, original response, url. */
export class RequestError extends Error {
  override name = 'RequestError'
  constructor(
    message: string,
    readonly code: number,
    readonly url: string,
    readonly response?: unknown,
  ) {
    super(message)
  }
}
