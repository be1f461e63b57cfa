import { useEffect } from 'react'
import { useLoad } from './screens/use-load.ts'
import { call } from './api.ts'
import { DeletedScreen } from './screens/deleted-screen.tsx'
import { EntryScreen } from './screens/entry-screen.tsx'
import { HomeScreen } from './screens/home-screen.tsx'
import { LaunchScreen } from './screens/launch-screen.tsx'
import type { SaveStateAnswer } from './screens/save-state.tsx'
import { SectionScreen } from './screens/section-screen.tsx'
import { currentNotice, href, useRoute, type Route } from './routes.ts'
import { formOf, sectionByName } from './sections.ts'

// The owner's editor (docs/decisions/0086-the-owners-own-editor.md): a bar with the way back and
// «Выйти», the site's preview notice before the launch, and the screen the address names.

export function App() {
  const route = useRoute()
  const notice = currentNotice()
  const screen = JSON.stringify(route)
  // A new screen starts at its top, as a new page would (scrollTo may return a promise: braces).
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [screen])
  return (
    <>
      <header className="bar">
        <Back route={route} />
        <form method="post" action="/admin/logout">
          <button type="submit" className="link">
            Выйти
          </button>
        </form>
      </header>
      <PreviewNotice />
      <main>
        {notice ? (
          <p className="notice ok-box" role="status">
            {notice}
          </p>
        ) : null}
        <Screen route={route} />
      </main>
    </>
  )
}

function Screen({ route }: { route: Route }) {
  switch (route.screen) {
    case 'launch':
      return <LaunchScreen />
    case 'deleted':
      return <DeletedScreen />
    case 'section':
    case 'new': {
      const section = sectionByName(route.name)
      if (!section) return <HomeScreen />
      return route.screen === 'new' && section.folder ? (
        <EntryScreen key={`new-${section.name}`} section={section} />
      ) : (
        <SectionScreen section={section} />
      )
    }
    case 'entry':
      return <EntryScreen key={route.path} path={route.path} />
    default:
      return <HomeScreen />
  }
}

/** «←» to where the screen came from in the editor's tree (a list, or the sections). */
function Back({ route }: { route: Route }) {
  if (route.screen === 'home') return <span className="title">Редактор сайта</span>
  const section =
    route.screen === 'entry'
      ? formOf(route.path)?.section
      : route.screen === 'new'
        ? sectionByName(route.name)
        : undefined
  const to = section ? href.section(section.name) : href.home
  return (
    <a className="back" href={to}>
      ← {section ? section.label : 'Разделы'}
    </a>
  )
}

function PreviewNotice() {
  const [loaded] = useLoad(() => call<SaveStateAnswer>('publishState'), 'state')
  if (loaded.state !== 'ready' || !loaded.data.notice) return null
  return <p className="preview-notice">{loaded.data.notice}</p>
}
