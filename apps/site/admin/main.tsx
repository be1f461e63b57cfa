// First: the screen's requests go out before the rest of the script is evaluated.
import './early.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.tsx'

// The editor's script (/admin/editor.js, vite/editor-bundle.ts): the page's «Загружаем
// редактор…» is replaced by the editor once it has started.

const root = document.getElementById('editor')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
