import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// waitFor/findBy poll for up to 5 s, not 1 s: a lazy chunk (the coin cache's lz-string) can
// take over a second to import on a loaded 2-core CI machine. A passing wait returns at once.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => cleanup())
