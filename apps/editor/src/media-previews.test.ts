import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { putBackShippedSamples } from '@it-lab/content-check/shipped-fixture'
import { contentDir } from '@it-lab/shared/content'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContentService } from './content-service.ts'
import { sha256 } from './content-store.ts'
import { developerGit } from '../test/developer-git.ts'

// The media library as the editor loads it on every start (`getMedia`): small previews, not the
// pictures' full bytes, however many phone photos the owner has uploaded.

const scratch = mkdtempSync(path.join(tmpdir(), 'it-lab-media-previews-'))
const repo = path.join(scratch, 'repo')
const cacheDir = path.join(scratch, 'cache')
const uploads = path.join(repo, 'content/uploads')
const PHOTOS = ['class-1.jpg', 'class-2.jpg', 'class-3.jpg']

const service = new ContentService({
  repo,
  branch: 'main',
  identity: { name: 'Редактор сайта', email: 'editor@it-lab.local' },
  check: async () => [],
  cacheDir,
  warn: () => undefined,
})

type Entry = { id: string; content: string; encoding: string; path: string; name: string }
async function getMedia(): Promise<{ entries: Entry[]; bytes: number }> {
  const answer = await service.handle({
    action: 'getMedia',
    params: { branch: 'main', mediaFolder: 'content/uploads' },
  })
  expect(answer.status).toBe(200)
  return {
    entries: answer.body as Entry[],
    bytes: Buffer.byteLength(JSON.stringify(answer.body)),
  }
}

const git = developerGit(repo)

/**
 * A 2,000 × 1,250 photo with detail at every scale a preview keeps (noise a few pixels wide):
 * its preview is as large as a real photo's.
 */
async function photo(seed: number): Promise<Buffer> {
  const detail = await sharp({
    create: {
      width: 250,
      height: 156,
      channels: 3,
      background: { r: 40 * seed, g: 120, b: 200 },
      noise: { type: 'gaussian', mean: 100 + seed * 20, sigma: 40 },
    },
  })
    .png()
    .toBuffer()
  return sharp(detail).resize(2000, 1250, { kernel: 'cubic' }).jpeg({ quality: 90 }).toBuffer()
}

beforeAll(async () => {
  cpSync(contentDir(), path.join(repo, 'content'), { recursive: true })
  putBackShippedSamples(path.join(repo, 'content'))
  for (const [index, name] of PHOTOS.entries()) {
    writeFileSync(path.join(uploads, name), await photo(index + 1))
  }
  git('init', '--quiet', '--initial-branch=main')
  git('add', '--all')
  git('commit', '--quiet', '--message', 'content with three photos')
})
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe("the media library's pictures", () => {
  it('are small previews of three large photos, each known by the original', async () => {
    const originals = PHOTOS.map((name) => readFileSync(path.join(uploads, name)))
    expect(originals.reduce((sum, bytes) => sum + bytes.length, 0)).toBeGreaterThan(1_000_000)
    const { entries, bytes } = await getMedia()
    expect(bytes).toBeLessThan(150 * 1024)
    for (const [index, name] of PHOTOS.entries()) {
      const entry = entries.find((candidate) => candidate.name === name)
      expect(entry).toMatchObject({
        id: sha256(originals[index] ?? Buffer.alloc(0)),
        path: `content/uploads/${name}`,
        encoding: 'base64',
      })
      const preview = await sharp(Buffer.from(entry?.content ?? '', 'base64')).metadata()
      expect(preview).toMatchObject({ format: 'webp', width: 320, height: 200 })
    }
  })

  it('give the shipped drawings as they are, and the whole file when one is opened', async () => {
    const { entries } = await getMedia()
    const drawing = entries.find((entry) => entry.name === 'course-1.svg')
    const svg = readFileSync(path.join(uploads, 'course-1.svg'))
    expect(Buffer.from(drawing?.content ?? '', 'base64')).toEqual(svg)
    expect(drawing?.id).toBe(sha256(svg))
    const full = await service.handle({
      action: 'getMediaFile',
      params: { branch: 'main', path: 'content/uploads/class-1.jpg' },
    })
    expect(Buffer.from((full.body as Entry).content, 'base64')).toEqual(
      readFileSync(path.join(uploads, 'class-1.jpg')),
    )
  })

  it('one at a time (getMediaPreview): as the library gives it, its preview kept, no other dropped', async () => {
    const preview = (file: unknown) =>
      service.handle({ action: 'getMediaPreview', params: { branch: 'main', path: file } })
    const { entries } = await getMedia()
    const kept = readdirSync(cacheDir).sort()
    for (const name of ['class-1.jpg', 'course-1.svg']) {
      const one = await preview(`content/uploads/${name}`)
      expect(one.status).toBe(200)
      expect(one.body).toEqual(entries.find((entry) => entry.name === name))
    }
    expect(readdirSync(cacheDir).sort()).toEqual(kept)

    // A picture just uploaded: its preview is made once, then kept.
    const saved = await service.handle({
      action: 'persistMedia',
      params: {
        branch: 'main',
        asset: {
          path: 'content/uploads/new.jpg',
          content: (await photo(4)).toString('base64'),
          encoding: 'base64',
        },
      },
    })
    expect(saved.status).toBe(200)
    const fresh = await preview('content/uploads/new.jpg')
    const entry = fresh.body as Entry
    expect(entry).toMatchObject({
      id: sha256(readFileSync(path.join(uploads, 'new.jpg'))),
      encoding: 'base64',
      path: 'content/uploads/new.jpg',
      name: 'new.jpg',
    })
    const made = await sharp(Buffer.from(entry.content, 'base64')).metadata()
    expect(made).toMatchObject({ format: 'webp', width: 320, height: 200 })
    expect(readdirSync(cacheDir)).toContain(`${entry.id}.webp`)

    expect(await preview('content/uploads/gone.jpg')).toEqual({
      status: 404,
      body: { error: 'Картинки нет: её удалили или ещё не загрузили.' },
    })
    for (const refused of [
      'content/school.json',
      'content/uploads/../school.json',
      'content/uploads/x.html',
      'content/uploads/sub/a.jpg',
      'package.json',
      42,
    ]) {
      expect((await preview(refused)).status).toBe(422)
    }
  })

  it("are made once, kept by the original's sha256, and dropped with the picture", async () => {
    const original = readFileSync(path.join(uploads, 'class-2.jpg'))
    const kept = path.join(cacheDir, `${sha256(original)}.webp`)
    // What the cache holds is what is given: the preview is not made again.
    const marker = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#f00' },
    })
      .webp()
      .toBuffer()
    writeFileSync(kept, marker)
    const { entries } = await getMedia()
    const entry = entries.find((candidate) => candidate.name === 'class-2.jpg')
    expect(Buffer.from(entry?.content ?? '', 'base64')).toEqual(marker)

    git('rm', '--quiet', 'content/uploads/class-2.jpg')
    git('commit', '--quiet', '--message', 'a photo deleted')
    await getMedia()
    const rasters = readdirSync(uploads).filter((name) => !name.endsWith('.svg'))
    const previews = readdirSync(cacheDir).filter((name) => name.endsWith('.webp'))
    expect(previews).toHaveLength(rasters.length)
    expect(previews).not.toContain(path.basename(kept))
  })
})
