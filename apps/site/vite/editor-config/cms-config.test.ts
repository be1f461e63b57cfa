import { editorPath, ENTRY_FOLDERS, SINGLE_FILES } from '@it-lab/shared/content'
import { describe, expect, it } from 'vitest'
import { ADMIN_CONTENT_SECURITY_POLICY, editorSections } from './cms-config.ts'

// The editor's sections and its CSP as the build writes them; its settings are build settings
// (../build-settings.test.ts) (docs/decisions/0065-editor-on-the-school-server.md, 0086-the-owners-own-editor.md).

describe('the editor page', () => {
  it("let the editor's page run only its own files and talk only to its own origin", () => {
    expect(ADMIN_CONTENT_SECURITY_POLICY).toContain("script-src 'self';")
    expect(ADMIN_CONTENT_SECURITY_POLICY).not.toContain('unsafe')
    expect(ADMIN_CONTENT_SECURITY_POLICY).toContain("connect-src 'self';")
    expect(ADMIN_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'")
  })
})

describe('the sections', () => {
  type Section = { folder?: string; slug?: string; files?: { file: string }[] }
  const sections = editorSections() as Section[]

  // The content service reads and writes only what these name (docs/decisions/0081): the two
  // lists must agree, or the owner's saves of a section would be refused.
  it('name exactly the folders and files the content service lets the editor touch', () => {
    const folders = sections.flatMap(({ folder }) => (folder ? [folder] : []))
    expect(folders.sort()).toEqual(ENTRY_FOLDERS.map((name) => `content/${name}`).sort())
    const files = sections.flatMap(({ files: list = [] }) => list.map(({ file }) => file))
    expect(files.sort()).toEqual([...SINGLE_FILES].sort())
  })

  it('make entry names the content service takes', () => {
    const fields: Record<string, string> = {
      '{{fields.id}}': '12',
      '{{fields.course}}': '4',
      '{{year}}': '2027',
      '{{month}}': '01',
      '{{day}}': '09',
      '{{hour}}': '18',
      '{{minute}}': '05',
      '{{second}}': '59',
    }
    for (const { folder, slug } of sections) {
      if (!folder || !slug) continue
      const name = slug.replace(/\{\{[^}]+\}\}/g, (token) => fields[token] ?? token)
      expect(editorPath(`${folder}/${name}.json`), `${folder}: ${slug}`).toMatchObject({
        kind: 'entry',
      })
    }
  })
})
