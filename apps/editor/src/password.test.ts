import { describe, expect, it } from 'vitest'
import { hashPassword, isPasswordHash, verifyPassword } from './password.ts'

describe('the editor password', () => {
  it('is kept as a salted scrypt hash that only the same password matches', async () => {
    const stored = await hashPassword('пароль владелицы')
    expect(stored).toMatch(/^scrypt:32768:8:1:[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]+=*$/)
    expect(stored).not.toContain('пароль')
    expect(await hashPassword('пароль владелицы')).not.toBe(stored)
    expect(await verifyPassword('пароль владелицы', stored)).toBe(true)
    expect(await verifyPassword('пароль владелицы ', stored)).toBe(false)
    expect(await verifyPassword('', stored)).toBe(false)
  })

  it('refuses a malformed hash or one whose costs would stall every attempt', () => {
    const salt = Buffer.alloc(16, 1).toString('base64')
    const hash = Buffer.alloc(32, 2).toString('base64')
    expect(isPasswordHash(`scrypt:16384:8:1:${salt}:${hash}`)).toBe(true)
    expect(isPasswordHash(`scrypt:16383:8:1:${salt}:${hash}`)).toBe(false)
    expect(isPasswordHash(`scrypt:${2 ** 24}:8:1:${salt}:${hash}`)).toBe(false)
    expect(isPasswordHash(`bcrypt:16384:8:1:${salt}:${hash}`)).toBe(false)
    expect(isPasswordHash('пароль')).toBe(false)
  })
})
