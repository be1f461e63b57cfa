import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'

// `npm run build:release` with a stand-in for `react-router build` first on PATH: a build the
// release check refuses (no page at all), so what the script does with a refused build is seen
// without a real build (the deploy check makes real ones).
const SITE_DIR = path.join(import.meta.dirname, '..')

let parent = ''
afterEach(() => rmSync(parent, { recursive: true, force: true }))

it('a refused release build leaves nothing to deploy, and a target already there as it was', () => {
  // Inside the site's folder, as a real build is.
  parent = mkdtempSync(path.join(SITE_DIR, 'build-release-test-'))
  const bin = path.join(parent, 'bin')
  mkdirSync(bin)
  const fakeBuild = path.join(bin, 'react-router')
  writeFileSync(fakeBuild, '#!/bin/sh\nmkdir -p "$SITE_BUILD_DIR/client"\n')
  chmodSync(fakeBuild, 0o755)
  const target = path.join(parent, 'build')
  mkdirSync(target)
  writeFileSync(path.join(target, 'live.txt'), 'the release before')

  const run = spawnSync(process.execPath, ['release/build-release.ts'], {
    cwd: SITE_DIR,
    encoding: 'utf8',
    env: {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      SITE_BUILD_DIR: target,
      SITE_URL: 'https://it-lab.test',
      LEAD_API_URL: 'https://it-lab.test/lead',
    },
  })

  expect(run.status).toBe(1)
  expect(run.stderr).toMatch(/^Release check failed; .+ was left as it was: \d+ problem\(s\)/m)
  // The staging folder it built in is gone; the target holds what it held.
  expect(readdirSync(parent).sort()).toEqual(['bin', 'build'])
  expect(readdirSync(target)).toEqual(['live.txt'])
})
