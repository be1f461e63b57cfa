import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { defineBuildSettings } from './build-settings.ts'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: defineBuildSettings(),
  // Images stay files: inlined into JavaScript they would weigh on the first load.
  build: { assetsInlineLimit: 0 },
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
})
