// @vitest-environment jsdom
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { readCourses } from '@it-lab/shared/content'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub, Meta } from 'react-router'
import sharp from 'sharp'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkContentFolder } from '@it-lab/content-check'
import { escapeXml, ogImageSvg, robotsTxt } from './site-assets.ts'

// What the owner may type reaches generated files: each must stay readable whatever the text
// holds, and a value the content check takes must build.

const NAME = `Код & Роботы <b>"'`
const TITLE = `</script><script>alert(1)</script> & "Код" <i>'`
const scratch: string[] = []

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** An XML document, parsed: throws on a file that is not well-formed. */
function parseXml(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, 'application/xml')
  const error = document.querySelector('parsererror')
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`)
  return document
}

describe('robots.txt', () => {
  it('lets crawlers in with the sitemap, or keeps every one out of a preview before the launch', () => {
    expect(robotsTxt('https://itlab-school.ru', false)).toMatch(
      /^User-agent: \*\nAllow: \/\n[\s\S]*Sitemap: https:\/\/itlab-school\.ru\/sitemap\.xml\n$/,
    )
    expect(robotsTxt('https://itlab-school.ru', true)).toBe('User-agent: *\nDisallow: /\n')
  })
})

describe('the Open Graph picture', () => {
  it('draws a school name holding & < > " \' as its text', async () => {
    const svg = ogImageSvg(NAME)
    expect(parseXml(svg).querySelector('text')?.textContent).toBe(NAME)
    const drawn = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true })
    expect(drawn.info).toMatchObject({ width: 1200, height: 630 })
    // The name is drawn: the picture differs from one without it.
    const unnamed = await sharp(Buffer.from(ogImageSvg('')))
      .raw()
      .toBuffer()
    expect(drawn.data.equals(unnamed)).toBe(false)
  })

  it('escapes every character XML gives a meaning', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f')
  })
})

describe('a school name and a course title holding & < > " \'', () => {
  it('pass the content check, and the build draws and writes every file from them', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'site-assets-')), 'content')
    scratch.push(path.dirname(dir))
    cpSync(path.join(import.meta.dirname, '../../../content'), dir, { recursive: true })
    const factsFile = path.join(dir, 'school.json')
    const facts = JSON.parse(readFileSync(factsFile, 'utf8')) as Record<string, unknown>
    writeFileSync(factsFile, JSON.stringify({ ...facts, name: NAME }))
    const courseFile = path.join(dir, 'courses', '4.json')
    const course = JSON.parse(readFileSync(courseFile, 'utf8')) as Record<string, unknown>
    writeFileSync(courseFile, JSON.stringify({ ...course, title: TITLE }))
    vi.stubEnv('CONTENT_DIR', dir)
    expect((await checkContentFolder(dir, { launch: false })).problems).toEqual([])

    // The school's facts are read when its module is first imported: anew, from the copy.
    vi.resetModules()
    const { writeSiteAssets } = await import('./site-assets.ts')
    const { courseJsonLd, jsonLdMeta, organizationJsonLd } =
      await import('#app/lib/structured-data.ts')
    const clientDir = path.join(path.dirname(dir), 'client')
    mkdirSync(clientDir)
    await writeSiteAssets({
      clientDir,
      siteUrl: 'https://itlab.example',
      sitemapPaths: ['/', '/course/4'],
      preview: false,
    })
    const picture = await sharp(path.join(clientDir, 'og-image.png')).metadata()
    expect(picture).toMatchObject({ format: 'png', width: 1200, height: 630 })
    const manifest = JSON.parse(readFileSync(path.join(clientDir, 'manifest.webmanifest'), 'utf8'))
    expect(manifest).toMatchObject({ short_name: NAME })
    const sitemap = parseXml(readFileSync(path.join(clientDir, 'sitemap.xml'), 'utf8'))
    expect([...sitemap.querySelectorAll('loc')].map((loc) => loc.textContent)).toEqual([
      'https://itlab.example/',
      'https://itlab.example/course/4',
    ])

    const read = readCourses(dir).find(({ id }) => id === 4)
    const { findCourse } = await import('#app/content/courses.ts')
    const shown = findCourse('4')
    if (!read || !shown) throw new Error('course 4 is shipped')
    const Stub = createRoutesStub([
      {
        path: '/',
        meta: () => [
          jsonLdMeta(organizationJsonLd()),
          jsonLdMeta(courseJsonLd({ ...shown, title: read.title }, [])),
        ],
        Component: Meta,
      },
    ])
    const page = document.createElement('div')
    page.innerHTML = renderToStaticMarkup(createElement(Stub))
    const blocks = [...page.querySelectorAll('script')].map(
      (script) => JSON.parse(script.textContent ?? '') as { name: string },
    )
    expect(blocks.map(({ name }) => name)).toEqual([NAME, TITLE])
  })
})
