import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { ApiError, RetCode } from '../../http/errors'

// scrypt (memory-hard): N=2^15, r=8, p=1 uses 32 MiB per hash, ~50 ms on a laptop core.
const PARAMS = { N: 32768, r: 8, p: 1 }
const KEY_LENGTH = 32

/**
 * scrypt work is bounded: at most SCRYPT_PARALLEL hashes run at once (each holds 32 MiB and a
 * libuv thread), at most SCRYPT_QUEUE wait; beyond that the call answers 503 at once instead
 * of letting a register or login flood take every thread and the memory with it.
 */
export const SCRYPT_PARALLEL = 2
export const SCRYPT_QUEUE = 64
let running = 0
const waiting: (() => void)[] = []

async function scryptAsync(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  if (running >= SCRYPT_PARALLEL) {
    if (waiting.length >= SCRYPT_QUEUE)
      throw new ApiError(RetCode.TooManyRequests, 'the server is busy, try again shortly', 503, {
        'Retry-After': '2',
      })
    await new Promise<void>((resolve) => waiting.push(resolve))
  } else running++
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      scrypt(password, salt, KEY_LENGTH, { ...opts, maxmem: 64 * 1024 * 1024 }, (err, key) =>
        err ? reject(err) : resolve(key),
      ),
    )
  } finally {
    // The slot passes straight to the next waiter (running stays the same), else frees.
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

/** `scrypt$N$r$p$<salt b64>$<hash b64>`: parameters travel with the hash so they can be raised. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, PARAMS)
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A hash of a random password, verified against when the account is unknown (equal timing). */
let dummyHash: Promise<string> | undefined
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')))
