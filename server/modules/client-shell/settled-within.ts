// A bounded wait for work the shell can go without (its inlined data, its first view).

/** The work's result, or undefined when it fails or takes longer than `ms` (logged, not thrown). */
export async function settledWithin<T>(
  work: () => Promise<T>,
  ms: number,
  what: string,
): Promise<T | undefined> {
  let cancelTimeout = () => {}
  const timeout = new Promise<undefined>((resolve) => {
    const timer = setTimeout(resolve, ms)
    cancelTimeout = () => clearTimeout(timer)
  })
  try {
    return await Promise.race([work(), timeout])
  } catch (err) {
    console.error(`[client-shell] ${what} failed`, err)
    return undefined
  } finally {
    cancelTimeout()
  }
}
