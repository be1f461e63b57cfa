import { createHash } from 'node:crypto'
import { constants } from 'node:fs'
import { lstat, mkdir, mkdtemp, open, readdir, rm, unlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { git, type GitIdentity } from './git.ts'

// The school's content as the editor reads and commits it (docs/decisions/0081-the-editor-as-a-door.md).
// Every path it is given has already matched a collection (@it-lab/shared/content editorPath); here
// the file system is checked too: no symbolic link anywhere on the way, only regular files, and a
// commit is built from those paths alone with git's plumbing on a private index, each file a
// regular blob (mode 100644), so no gitlink, symlink, ignore rule or hook can enter it.

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** A path that is not a regular file or folder on the real file system (a link, a device…). */
export class UnsafePathError extends Error {
  override name = 'UnsafePathError'
}

/** The content service's git history moved under it (another commit at the same moment). */
export class HeadMovedError extends Error {
  override name = 'HeadMovedError'
}

export type Change = { write: Map<string, Buffer>; remove: string[]; subject: string }

type StoreOptions = { repo: string; branch: string; identity: GitIdentity }

export class ContentStore {
  readonly #options: StoreOptions

  constructor(options: StoreOptions) {
    this.#options = options
  }

  /**
   * The absolute path of a repository path whose every folder on the way is a real folder (not a
   * link); the file itself, when it exists, must be a regular file. Undefined folders are fine.
   */
  async #resolve(file: string): Promise<{ absolute: string; exists: boolean }> {
    const parts = file.split('/')
    let current = this.#options.repo
    for (const [index, part] of parts.entries()) {
      current = path.join(current, part)
      const stats = await lstat(current).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined
        throw error
      })
      if (stats === undefined)
        return { absolute: path.join(this.#options.repo, file), exists: false }
      const last = index === parts.length - 1
      if (last ? !stats.isFile() : !stats.isDirectory()) {
        throw new UnsafePathError(`${file}: not a regular ${last ? 'file' : 'folder'}`)
      }
    }
    return { absolute: current, exists: true }
  }

  /** A file's bytes, or null when there is none; never through a link. */
  async read(file: string): Promise<Buffer | null> {
    const { absolute, exists } = await this.#resolve(file)
    if (!exists) return null
    const handle = await open(absolute, constants.O_RDONLY | constants.O_NOFOLLOW)
    try {
      return await handle.readFile()
    } finally {
      await handle.close()
    }
  }

  /** The regular files of a folder whose names `accept` takes, as repository paths. */
  async list(folder: string, accept: (file: string) => boolean): Promise<string[]> {
    const { absolute, exists } = await this.#resolveFolder(folder)
    if (!exists) return []
    const entries = await readdir(absolute, { withFileTypes: true })
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => `${folder}/${entry.name}`)
      .filter(accept)
      .sort()
  }

  async #resolveFolder(folder: string): Promise<{ absolute: string; exists: boolean }> {
    let current = this.#options.repo
    for (const part of folder.split('/')) {
      current = path.join(current, part)
      const stats = await lstat(current).catch(() => undefined)
      if (stats === undefined) return { absolute: current, exists: false }
      if (!stats.isDirectory()) throw new UnsafePathError(`${folder}: not a regular folder`)
    }
    return { absolute: current, exists: true }
  }

  /** The branch the work tree is on, or '' when detached. */
  async currentBranch(): Promise<string> {
    return git(this.#options.repo, ['symbolic-ref', '--quiet', '--short', 'HEAD']).catch(() => '')
  }

  /**
   * Writes and removes the change's files in the work tree and commits exactly those paths on
   * the branch, as the editor. The commit is made on a private index from the branch's tree, so
   * nothing else in the work tree or the index (a developer's staged change) is taken along.
   */
  async commit(change: Change): Promise<string> {
    const { repo, branch, identity } = this.#options
    const ref = `refs/heads/${branch}`
    const parent = await git(repo, ['rev-parse', '--verify', `${ref}^{commit}`])
    const scratch = await mkdtemp(path.join(tmpdir(), 'it-lab-editor-index-'))
    const index = path.join(scratch, 'index')
    const updates: string[] = []
    try {
      for (const [file, bytes] of change.write) {
        await this.#writeFile(file, bytes)
        const blob = await git(repo, ['hash-object', '-w', '--no-filters', '--', file])
        updates.push(`100644 ${blob}\t${file}`)
      }
      for (const file of change.remove) {
        const { absolute, exists } = await this.#resolve(file)
        if (exists) await unlink(absolute)
        updates.push(`0 ${'0'.repeat(40)}\t${file}`)
      }
      const info = `${updates.join('\n')}\n`
      await git(repo, ['read-tree', parent], { indexFile: index })
      await git(repo, ['update-index', '--index-info'], { indexFile: index, input: info })
      const tree = await git(repo, ['write-tree'], { indexFile: index })
      await this.#assertRegularFiles(tree)
      const commit = await git(repo, ['commit-tree', tree, '-p', parent, '-F', '-'], {
        identity,
        input: `${change.subject}\n`,
      })
      try {
        await git(repo, ['update-ref', '-m', 'editor', ref, commit, parent])
      } catch {
        throw new HeadMovedError(`${ref} moved from ${parent}`)
      }
      // The work tree's own index follows the commit for these paths (git status stays clean).
      await git(repo, ['update-index', '--index-info'], { input: info })
      return commit
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
  }

  async #writeFile(file: string, bytes: Buffer): Promise<void> {
    const { absolute, exists } = await this.#resolve(file)
    if (!exists) {
      // Each missing folder made one level at a time, so none can be a link made meanwhile.
      const folders = path.relative(this.#options.repo, path.dirname(absolute)).split(path.sep)
      let current = this.#options.repo
      for (const folder of folders) {
        current = path.join(current, folder)
        await mkdir(current).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error
        })
      }
      await this.#resolve(file)
    }
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW
    const handle = await open(absolute, flags, 0o644)
    try {
      await handle.writeFile(bytes)
    } finally {
      await handle.close()
    }
  }

  /** Every entry of the new tree under content/ is a regular file: no gitlink, no link. */
  async #assertRegularFiles(tree: string): Promise<void> {
    const listing = await git(this.#options.repo, ['ls-tree', '-r', '-z', tree, '--', 'content'])
    const odd = listing
      .split('\0')
      .filter(Boolean)
      .filter((line) => !/^100644 blob /.test(line))
    if (odd.length > 0) {
      throw new UnsafePathError(`not a regular file in the tree: ${odd.slice(0, 5).join(', ')}`)
    }
  }
}
