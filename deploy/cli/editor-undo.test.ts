import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

// Spawned, not run in-process: as root the command becomes the repository's owner (setuid), which
// a test worker must not.
const UNDO = path.join(import.meta.dirname, 'editor-undo.ts')
const EDITOR = ['-c', 'user.name=Редактор сайта', '-c', 'user.email=editor@it-lab.local']
const DEVELOPER = ['-c', 'user.name=Developer', '-c', 'user.email=dev@example.test']
/** nobody's uid on Debian: the repository's owner when the test runs as root. */
const NOBODY = 65534

describe('npm run editor:undo', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  /** The editor's repository with a developer's first commit, and an env file naming it. */
  function setUp() {
    const dir = mkdtempSync(path.join(tmpdir(), 'editor-undo-'))
    dirs.push(dir)
    const repo = path.join(dir, 'editor')
    // Root reads the repository given to nobody below: git refuses another user's otherwise.
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'safe.directory=*', ...args], {
        cwd: repo,
        encoding: 'utf8',
      }).trim()
    const price = path.join(repo, 'content', 'courses', '1.json')
    const setPrice = (basic: number, who: string[], subject: string) => {
      writeFileSync(price, `${JSON.stringify({ title: 'Scratch', prices: { basic } })}\n`)
      git('add', '-A')
      git(...who, 'commit', '-qm', subject)
    }
    mkdirSync(path.dirname(price), { recursive: true })
    execFileSync('git', ['init', '-q', '-b', 'main', repo])
    setPrice(1500, DEVELOPER, 'Start')
    const envFile = path.join(dir, 'it-lab.env')
    writeFileSync(envFile, `EDITOR_REPO=${repo}\nEDITOR_BRANCH=main\nEDITOR_GIT_NAME=\n`)
    const undo = () => {
      const run = spawnSync(process.execPath, [UNDO, '--env-file', envFile], { encoding: 'utf8' })
      return { status: run.status, out: `${run.stdout}${run.stderr}` }
    }
    const basic = () =>
      (JSON.parse(readFileSync(price, 'utf8')) as { prices: { basic: number } }).prices.basic
    return { dir, repo, git, setPrice, undo, basic }
  }

  it("reverts the editor's last edit as a new commit in the editor's name, and redoes it when run again", () => {
    const { dir, repo, git, setPrice, undo, basic } = setUp()
    setPrice(1700, EDITOR, 'Обновить «Курсы» «Scratch»')
    // As root, the command works as the repository's owner (the editor's service user).
    const asRoot = process.getuid?.() === 0
    if (asRoot) execFileSync('chown', ['-R', `${NOBODY}:${NOBODY}`, dir])

    const first = undo()
    expect(first.status).toBe(0)
    expect(first.out).toContain('«Обновить «Курсы» «Scratch»» undone by')
    expect(first.out).toContain('changed back: content/courses/1.json')
    expect(basic()).toBe(1500)
    if (asRoot) {
      // Before any git of this test's own (as root) touches the index.
      const head = git('rev-parse', 'HEAD')
      const written = [
        path.join(repo, 'content/courses/1.json'),
        path.join(repo, '.git/index'),
        path.join(repo, '.git/objects', head.slice(0, 2), head.slice(2)),
      ]
      for (const file of written) expect(statSync(file).uid, file).toBe(NOBODY)
      // The test's own git below writes as root: the rest runs as root throughout.
      execFileSync('chown', ['-R', '0:0', dir])
    }
    expect(git('log', '-1', '--format=%an <%ae>|%cn <%ce>|%s')).toBe(
      'Редактор сайта <editor@it-lab.local>|Редактор сайта <editor@it-lab.local>|Отмена правки «Обновить «Курсы» «Scratch»»',
    )
    expect(git('rev-list', '--count', 'HEAD')).toBe('3')
    expect(git('status', '--porcelain')).toBe('')

    expect(undo().status).toBe(0)
    expect(basic()).toBe(1700)
  })

  it("refuses when the last commit is not the editor's, and changes nothing", () => {
    const { git, setPrice, undo, basic } = setUp()
    setPrice(1700, EDITOR, 'Цена')
    setPrice(1800, DEVELOPER, 'A developer fixed the price')
    const head = git('rev-parse', 'HEAD')
    const run = undo()
    expect(run.status).toBe(1)
    expect(run.out).toMatch(
      /the last commit on main, [0-9a-f]{7} «A developer fixed the price», is not the editor's \(its author is dev@example\.test, the editor's is editor@it-lab\.local\); nothing was undone/,
    )
    expect(git('rev-parse', 'HEAD')).toBe(head)
    expect(basic()).toBe(1800)
  })

  it('refuses a working tree with changes not committed, and changes nothing', () => {
    const { repo, git, setPrice, undo } = setUp()
    setPrice(1700, EDITOR, 'Цена')
    writeFileSync(path.join(repo, 'content', 'draft.json'), '{}\n')
    const head = git('rev-parse', 'HEAD')
    const run = undo()
    expect(run.status).toBe(1)
    expect(run.out).toContain('has changes that are not committed (content/draft.json)')
    expect(git('rev-parse', 'HEAD')).toBe(head)
    expect(git('status', '--porcelain')).toBe('?? content/draft.json')
  })

  it('refuses another branch than EDITOR_BRANCH', () => {
    const { git, setPrice, undo } = setUp()
    setPrice(1700, EDITOR, 'Цена')
    git('checkout', '-q', '-b', 'other')
    const run = undo()
    expect(run.status).toBe(1)
    expect(run.out).toContain('is on other, not on EDITOR_BRANCH main; nothing was undone')
  })
})
