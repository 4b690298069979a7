let ready: Promise<unknown> = Promise.resolve()

/** Resolves when any login started at launch (Telegram) has finished, failed or not. */
export const sessionReady = () =>
  ready.then(
    () => undefined,
    () => undefined,
  )

/** Marks a launch-time login as in progress. */
export function holdSessionUntil(login: Promise<unknown>): void {
  ready = login
}
