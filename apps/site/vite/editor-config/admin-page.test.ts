import { describe, expect, it } from 'vitest'
import { ADMIN_CONTENT_SECURITY_POLICY } from './admin-page.ts'

// The editor's page as the build writes it (docs/decisions/0065-editor-on-the-school-server.md,
// 0086-the-owners-own-editor.md); its settings are build settings (../build-settings.test.ts).

describe('the editor page', () => {
  it("let the editor's page run only its own files and talk only to its own origin", () => {
    expect(ADMIN_CONTENT_SECURITY_POLICY).toContain("script-src 'self';")
    expect(ADMIN_CONTENT_SECURITY_POLICY).not.toContain('unsafe')
    expect(ADMIN_CONTENT_SECURITY_POLICY).toContain("connect-src 'self';")
    expect(ADMIN_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'")
  })
})
