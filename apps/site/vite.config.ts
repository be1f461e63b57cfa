import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { defineBuildSettings } from './build-settings.ts'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: defineBuildSettings(),
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
})
