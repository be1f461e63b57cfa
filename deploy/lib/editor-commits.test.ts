import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_EDITOR_EMAIL, editorOutsideContentBetween } from './editor-commits.ts'

const EDITOR = { name: 'Редактор сайта', email: DEFAULT_EDITOR_EMAIL }
const DEVELOPER = { name: 'Developer', email: 'dev@example.test' }

describe("the editor's commits outside content/", () => {
  const repos: string[] = []
  afterEach(() => {
    for (const repo of repos.splice(0)) rmSync(repo, { recursive: true, force: true })
  })

  /** A repository with one commit (content and code), and a way to commit as someone. */
  function repository() {
    const dir = mkdtempSync(path.join(tmpdir(), 'editor-commits-'))
    repos.push(dir)
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim()
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      writeFileSync(path.join(dir, file), text)
    }
    const commit = (who: typeof EDITOR, subject: string, files: Record<string, string>) => {
      for (const [file, text] of Object.entries(files)) write(file, text)
      git('add', '-A')
      git('-c', `user.name=${who.name}`, '-c', `user.email=${who.email}`, 'commit', '-qm', subject)
      return git('rev-parse', 'HEAD')
    }
    git('init', '-q', '-b', 'main')
    const base = commit(DEVELOPER, 'Start', {
      'content/courses/1.json': '{"price": 1500}\n',
      'apps/lead-bot/src/main.ts': 'start()\n',
    })
    return { dir, git, commit, base }
  }

  const between = (repo: ReturnType<typeof repository>, target: string) =>
    editorOutsideContentBetween(repo.dir, repo.base, target, DEFAULT_EDITOR_EMAIL)

  it('finds nothing when the editor changed only content', () => {
    const repo = repository()
    repo.commit(EDITOR, 'Цена', { 'content/courses/1.json': '{"price": 1700}\n' })
    const target = repo.commit(EDITOR, 'Картинка', { 'content/uploads/novaya-foto.png': 'png' })
    expect(between(repo, target)).toEqual({ files: [], commits: [] })
  })

  it('names a file under content/ that no collection of the editor holds', () => {
    const repo = repository()
    const target = repo.commit(EDITOR, 'Правка', {
      'content/courses/1.json': '{"price": 1700}\n',
      'content/.gitignore': 'node_modules\n',
      'content/pages/evil.json': '{}\n',
      'content/uploads/x.svg': '<svg/>',
    })
    expect(between(repo, target).files).toEqual([
      'content/.gitignore',
      'content/pages/evil.json',
      'content/uploads/x.svg',
    ])
  })

  it('names a link and a nested repository (gitlink) the editor committed under content/', () => {
    const repo = repository()
    symlinkSync('/etc/passwd', path.join(repo.dir, 'content/courses/2.json'))
    repo.git('add', 'content/courses/2.json')
    const head = repo.git('rev-parse', 'HEAD')
    repo.git('update-index', '--add', '--cacheinfo', `160000,${head},content/courses/3.json`)
    repo.git(
      '-c',
      `user.name=${EDITOR.name}`,
      '-c',
      `user.email=${EDITOR.email}`,
      'commit',
      '-qm',
      'Правка',
    )
    const target = repo.git('rev-parse', 'HEAD')
    expect(between(repo, target).files).toEqual([
      'content/courses/2.json',
      'content/courses/3.json',
    ])
  })

  it("names each file outside content/ and the editor's commit that changed it", () => {
    const repo = repository()
    const bad = repo.commit(EDITOR, 'Правка «Курсы»', {
      'content/courses/1.json': '{"price": 1700}\n',
      'apps/lead-bot/src/main.ts': 'evil()\n',
      'package.json': '{}\n',
    })
    const target = repo.commit(EDITOR, 'Цена', { 'content/courses/1.json': '{"price": 1800}\n' })
    const found = between(repo, target)
    expect(found.files).toEqual(['apps/lead-bot/src/main.ts', 'package.json'])
    expect(found.commits.map(({ commit, subject }) => ({ commit, subject }))).toEqual([
      { commit: bad, subject: 'Правка «Курсы»' },
    ])
  })

  it('counts a file moved out of content/ by the editor, and the e-mail in any case', () => {
    const repo = repository()
    repo.git('mv', 'content/courses/1.json', 'apps/course.json')
    const target = repo.commit({ ...EDITOR, email: 'Editor@IT-Lab.local' }, 'Переезд', {})
    expect(between(repo, target).files).toEqual(['apps/course.json'])
  })

  it("leaves a developer's commits alone", () => {
    const repo = repository()
    const target = repo.commit(DEVELOPER, 'Fix the service', {
      'apps/lead-bot/src/main.ts': 'fixed()\n',
    })
    expect(between(repo, target).files).toEqual([])
  })

  it('finds nothing once the change is undone before it was published', () => {
    const repo = repository()
    repo.commit(EDITOR, 'Правка', { 'apps/lead-bot/src/main.ts': 'evil()\n' })
    repo.git(
      '-c',
      `user.name=${EDITOR.name}`,
      '-c',
      `user.email=${EDITOR.email}`,
      'revert',
      '--no-edit',
      'HEAD',
    )
    expect(between(repo, repo.git('rev-parse', 'HEAD')).files).toEqual([])
  })

  it("refuses an editor's change a developer built on", () => {
    const repo = repository()
    repo.commit(EDITOR, 'Правка', { 'apps/lead-bot/src/main.ts': 'evil()\n' })
    const target = repo.commit(DEVELOPER, 'More', { 'apps/lead-bot/src/main.ts': 'evil(2)\n' })
    expect(between(repo, target).files).toEqual(['apps/lead-bot/src/main.ts'])
  })
})
