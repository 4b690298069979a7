import type { CSSProperties, ReactNode } from 'react'

// A light band moving across a muted block; `motion-safe:` leaves the block still for people
// who asked their system for less motion (prefers-reduced-motion: reduce).
const SHIMMER: CSSProperties = {
  backgroundColor: 'var(--earn-muted-soft)',
  backgroundImage:
    'linear-gradient(90deg, transparent 0%, color-mix(in srgb, var(--earn-bg) 55%, transparent) 50%, transparent 100%)',
  backgroundSize: '200% 100%',
  backgroundRepeat: 'no-repeat',
}

/** One placeholder block of the size of what will come (set it with classes: h-6 w-32). */
export function Skeleton({
  className = '',
  round = false,
}: {
  className?: string
  round?: boolean
}) {
  return (
    <span
      aria-hidden="true"
      data-skeleton=""
      style={SHIMMER}
      className={`block motion-safe:animate-shimmer ${round ? 'rounded-full' : 'rounded-md'} ${className}`}
    />
  )
}

/**
 * Holds the place of content while it loads, in its final shape, so nothing jumps when it
 * arrives. Assistive tech hears the label once ("Loading…", translated by the caller); the
 * blocks themselves are hidden from it.
 */
export function SkeletonGroup({
  label,
  children,
  className = '',
  testId,
}: {
  label: string
  children: ReactNode
  className?: string
  testId?: string
}) {
  return (
    <div
      role="status"
      aria-label={label}
      aria-busy="true"
      data-testid={testId}
      className={className}
    >
      {children}
    </div>
  )
}
