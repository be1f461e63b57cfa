import path from 'node:path'
import type { Config } from '@react-router/dev/config'
import { readBuildSettings } from './vite/build-settings.ts'
import { notFoundDocuments, prerenderPaths } from './app/config/paths.ts'
import { postBuild } from './vite/post-build.ts'

const buildDirectory = process.env.SITE_BUILD_DIR ?? 'build'

export default {
  ssr: false,
  buildDirectory,
  prerender: [...prerenderPaths, notFoundDocuments.page, notFoundDocuments.course],
  async buildEnd() {
    await postBuild(path.resolve(buildDirectory), readBuildSettings())
  },
} satisfies Config
