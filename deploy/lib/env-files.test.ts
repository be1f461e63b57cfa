import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { exampleNames, namesIn, readServerEnv } from './env-files.ts'

const REPO = path.join(import.meta.dirname, '..', '..')
const examples = exampleNames(REPO)
const unit = (name: string) =>
  readFileSync(path.join(REPO, 'deploy', 'systemd', name), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join('\n')

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))
/** A scratch /etc/it-lab with these files. */
function etc(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'env-files-'))
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text)
  return path.join(dir, 'deploy.env')
}

describe('the shipped env files', () => {
  it("keep each secret in its process's file only", () => {
    const holders = (name: string) =>
      Object.entries(examples).flatMap(([file, names]) => (names.has(name) ? [file] : []))
    expect(holders('EDITOR_PASSWORD_HASH')).toEqual(['editor.env'])
    for (const secret of [
      'TELEGRAM_BOT_TOKEN',
      'SMTP_URL',
      'ALFACRM_API_KEY',
      'BITRIX24_WEBHOOK_URL',
      'LEAD_WEBHOOK_SECRET',
    ]) {
      expect(holders(secret)).toEqual(['lead-bot.env'])
    }
    // The editor's file holds nothing but the editor's settings, its address and its log level.
    expect([...examples['editor.env']].filter((name) => !name.startsWith('EDITOR_'))).toEqual([
      'SITE_URL',
      'LOG_LEVEL',
    ])
  })

  it('are each read by their own units only', () => {
    expect(unit('it-lab-editor.service')).toMatch(/^EnvironmentFile=\/etc\/it-lab\/editor\.env$/m)
    for (const name of ['lead-bot', 'lead-alert', 'lead-backup']) {
      expect(unit(`it-lab-${name}.service`)).toMatch(
        /^EnvironmentFile=\/etc\/it-lab\/lead-bot\.env$/m,
      )
    }
    expect(unit('it-lab-publish.service')).toContain('--env-file /etc/it-lab/deploy.env')
    const all = readdirSync(path.join(REPO, 'deploy', 'systemd'))
      .map(unit)
      .join('\n')
    expect([...all.matchAll(/^EnvironmentFile=(.*)$/gm)].map(([, file]) => file)).not.toContain(
      '/etc/it-lab/it-lab.env',
    )
  })
})

describe('readServerEnv', () => {
  it("reads the lead service's and the editor's files beside the deploy's", () => {
    const file = etc({
      'deploy.env': 'SITE_URL=https://itlab.example\n',
      'lead-bot.env': 'TELEGRAM_BOT_TOKEN=1:x\nLEAD_PORT=3005\n',
      'editor.env': 'EDITOR_PASSWORD_HASH=scrypt:x\nEDITOR_PORT=4000\n',
    })
    expect(readServerEnv(file, REPO)).toEqual({
      ok: true,
      env: {
        leadBot: { TELEGRAM_BOT_TOKEN: '1:x', LEAD_PORT: '3005' },
        editor: { EDITOR_PASSWORD_HASH: 'scrypt:x', EDITOR_PORT: '4000' },
      },
    })
  })

  it("refuses a file holding another process's setting, naming where it belongs", () => {
    const file = etc({
      'deploy.env': '',
      'lead-bot.env': 'EDITOR_PASSWORD_HASH=scrypt:x\n',
      'editor.env': 'ALFACRM_API_KEY=key\n',
    })
    expect(readServerEnv(file, REPO)).toEqual({
      ok: false,
      problems: [
        'EDITOR_PASSWORD_HASH is in lead-bot.env: it belongs in editor.env only (deploy/editor.env.example)',
        'ALFACRM_API_KEY is in editor.env: it belongs in lead-bot.env only (deploy/lead-bot.env.example)',
      ],
    })
  })

  it('splits the one shared file of before into a file per process, and refuses it', () => {
    const shared = etc({
      'it-lab.env': [
        'SITE_URL=https://itlab.example',
        'DEPLOY_ROOT=/srv/it-lab',
        'TELEGRAM_BOT_TOKEN=1:x',
        'LOG_LEVEL=info',
        'EDITOR_PASSWORD_HASH=scrypt:x',
        'METRIKA_OAUTH_TOKEN=y',
        '',
      ].join('\n'),
    }).replace('deploy.env', 'it-lab.env')
    const read = readServerEnv(shared, REPO)
    expect(read.ok).toBe(false)
    const values = (file: string) =>
      namesIn(readFileSync(path.join(dir, file), 'utf8').replace(/^#.*\n/gm, ''))
    expect([...values('deploy.env')]).toEqual(['SITE_URL', 'DEPLOY_ROOT'])
    expect([...values('lead-bot.env')]).toEqual(['TELEGRAM_BOT_TOKEN', 'LOG_LEVEL'])
    expect([...values('editor.env')]).toEqual(['SITE_URL', 'LOG_LEVEL', 'EDITOR_PASSWORD_HASH'])
    expect([...values('metrika.env')]).toEqual(['METRIKA_OAUTH_TOKEN'])
    expect(statSync(path.join(dir, 'editor.env')).mode & 0o777).toBe(0o600)
    // Run again, with the files there: nothing is overwritten, the file is still refused.
    writeFileSync(path.join(dir, 'lead-bot.env'), 'TELEGRAM_BOT_TOKEN=kept\n')
    expect(readServerEnv(shared, REPO).ok).toBe(false)
    expect(readFileSync(path.join(dir, 'lead-bot.env'), 'utf8')).toBe('TELEGRAM_BOT_TOKEN=kept\n')
  })
})
