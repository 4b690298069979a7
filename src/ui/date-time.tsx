import type { HTMLAttributes } from 'react'
import { formatDateTime, isoDateTime } from '../lib/time/time-format'

/**
 * A moment as the spec shows it (YYYY-MM-DD HH:mm:ss, the viewer's local time), marked up as a
 * `<time>` whose `datetime` is spec §9's YYYY-MM-DDTHH:mm:ssZ: the same moment for machines
 * (screen readers, copy, translation tools) with its offset. Always left to right.
 */
export function DateTime({
  unix,
  ...rest
}: { unix: number } & Omit<HTMLAttributes<HTMLTimeElement>, 'dir' | 'dateTime' | 'children'>) {
  return (
    <time {...rest} dir="ltr" dateTime={isoDateTime(unix)}>
      {formatDateTime(unix)}
    </time>
  )
}
