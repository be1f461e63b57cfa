import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'

// What the catalogue makes of content/groups/ in plain Node, as the lead service and the build's
// own scripts read it (docs/decisions/0075-groups-and-trials.md).

const shipped = path.join(import.meta.dirname, '../../../content')
const scratch: string[] = []

/** A copy of the shipped content, its groups folder emptied, then `edit` applied to it. */
function contentWith(edit: (dir: string) => void = () => {}): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'groups-')), 'content')
  scratch.push(path.dirname(dir))
  cpSync(shipped, dir, { recursive: true })
  rmSync(path.join(dir, 'groups'), { recursive: true })
  edit(dir)
  return dir
}

async function catalogueOf(dir: string) {
  vi.stubEnv('CONTENT_DIR', dir)
  vi.resetModules()
  return import('./catalogue.ts')
}

afterEach(() => {
  vi.unstubAllEnvs()
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the groups in plain Node', () => {
  it('with none, there is no timetable page to list or prerender', async () => {
    const { GROUPS, paths, prerenderPaths, sitemapPaths } = await catalogueOf(contentWith())
    expect(GROUPS).toEqual([])
    expect(sitemapPaths).not.toContain(paths.schedule)
    expect(prerenderPaths).not.toContain(paths.schedule)
  })

  it('leaves out a hidden course’s group and a broken file, and names days and time', async () => {
    const group = {
      course: 4,
      days: ['Wednesday', 'Monday'],
      start: '17:00',
      end: '18:30',
      ageMin: 14,
      ageMax: 17,
      format: 'Оффлайн',
      seats: 3,
    }
    const dir = contentWith((content) => {
      const hidden = path.join(content, 'courses', '6.json')
      const course = JSON.parse(readFileSync(hidden, 'utf8')) as Record<string, unknown>
      writeFileSync(hidden, JSON.stringify({ ...course, hidden: true }))
      const folder = path.join(content, 'groups')
      mkdirSync(folder)
      writeFileSync(path.join(folder, 'python.json'), JSON.stringify(group))
      writeFileSync(path.join(folder, 'scratch.json'), JSON.stringify({ ...group, course: 6 }))
      writeFileSync(path.join(folder, 'broken.json'), JSON.stringify({ ...group, seats: -1 }))
    })
    const { GROUPS, groupEntry, groupTimeText, paths, sitemapPaths } = await catalogueOf(dir)
    expect(GROUPS.map(({ id }) => id)).toEqual(['python'])
    const python = groupEntry('python')
    expect(python && groupTimeText(python)).toBe('Пн, Ср 17:00–18:30')
    expect(sitemapPaths).toContain(paths.schedule)
  })
})
