import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

// The owner's password is kept only as an scrypt hash (node:crypto), written as
// `scrypt:<N>:<r>:<p>:<salt base64>:<hash base64>` in EDITOR_PASSWORD_HASH
// (docs/decisions/0065-editor-on-the-school-server.md).

/** Costs for a new hash: about 0.1 s and 32 MB on a small server, per attempt. */
const DEFAULT_COST = { N: 2 ** 15, r: 8, p: 1 } as const
const SALT_BYTES = 16
const KEY_BYTES = 32

/** The stored form; N, r and p bounded so a hand-made hash cannot make each attempt cost minutes. */
const PASSWORD_HASH_FORMAT =
  /^scrypt:(\d{1,8}):(\d{1,2}):(\d{1,2}):([A-Za-z0-9+/]{16,}={0,2}):([A-Za-z0-9+/]{32,}={0,2})$/

type Parsed = { cost: { N: number; r: number; p: number }; salt: Buffer; hash: Buffer }

function parse(stored: string): Parsed | undefined {
  const match = PASSWORD_HASH_FORMAT.exec(stored)
  if (!match) return undefined
  const [N, r, p] = [match[1], match[2], match[3]].map(Number) as [number, number, number]
  const powerOfTwo = N >= 2 ** 10 && N <= 2 ** 20 && (N & (N - 1)) === 0
  if (!powerOfTwo || r < 1 || p < 1 || p > 16) return undefined
  return {
    cost: { N, r, p },
    salt: Buffer.from(match[4] ?? '', 'base64'),
    hash: Buffer.from(match[5] ?? '', 'base64'),
  }
}

/** Whether a stored hash has the expected shape and sane costs. */
export const isPasswordHash = (stored: string): boolean => parse(stored) !== undefined

function derive(password: string, salt: Buffer, bytes: number, cost: Parsed['cost']) {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 }
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, bytes, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/** A new stored form of `password`, with a random salt. */
export async function hashPassword(password: string, cost: Parsed['cost'] = DEFAULT_COST) {
  const salt = randomBytes(SALT_BYTES)
  const hash = await derive(password, salt, KEY_BYTES, cost)
  return `scrypt:${cost.N}:${cost.r}:${cost.p}:${salt.toString('base64')}:${hash.toString('base64')}`
}

/** Whether `password` matches the stored hash; compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored)
  if (!parsed) return false
  const hash = await derive(password, parsed.salt, parsed.hash.length, parsed.cost)
  return timingSafeEqual(hash, parsed.hash)
}
