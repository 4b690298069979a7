/** Collects pushes and hands them over once per animation frame, so a burst costs one render. */
export function createFrameBatcher<T>(
  flush: (items: T[]) => void,
  schedule: (cb: () => void) => number = (cb) => requestAnimationFrame(cb),
  cancel: (id: number) => void = (id) => cancelAnimationFrame(id),
) {
  let pending: T[] = []
  let frame: number | null = null
  return {
    push(item: T): void {
      pending.push(item)
      frame ??= schedule(() => {
        frame = null
        const items = pending
        pending = []
        flush(items)
      })
    },
    dispose(): void {
      if (frame !== null) cancel(frame)
      frame = null
      pending = []
    },
  }
}
