import { mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '@react-router/dev/config'
import { notFoundDocuments, prerenderPaths } from './app/lib/paths.ts'

const buildDirectory = process.env.SITE_BUILD_DIR ?? 'build'
const clientDir = path.resolve(buildDirectory, 'client')
const errorsDir = path.resolve(buildDirectory, 'errors')

export default {
  ssr: false,
  buildDirectory,
  prerender: [...prerenderPaths, notFoundDocuments.page, notFoundDocuments.course],
  // The not-found documents are served only with status 404, so they move out of the
  // public folder: no URL answers them with 200.
  async buildEnd() {
    await mkdir(errorsDir, { recursive: true })
    await rename(
      path.join(clientDir, notFoundDocuments.page, 'index.html'),
      path.join(errorsDir, 'not-found.html'),
    )
    await rename(
      path.join(clientDir, notFoundDocuments.course, 'index.html'),
      path.join(errorsDir, 'course-not-found.html'),
    )
    await rm(path.join(clientDir, notFoundDocuments.page), { recursive: true, force: true })
    await rm(path.join(clientDir, notFoundDocuments.course), { recursive: true, force: true })
    await rm(path.join(clientDir, '__spa-fallback.html'), { force: true })
  },
} satisfies Config
