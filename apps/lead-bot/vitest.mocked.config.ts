import { defineProject } from 'vitest/config'
import { MOCKED, project } from './vitest.config.ts'

// The lead service's tests that mock `@it-lab/shared`: isolated, so the mock reaches no other file.
export default defineProject({
  test: { ...project, name: 'lead-bot-mocked', include: MOCKED },
})
