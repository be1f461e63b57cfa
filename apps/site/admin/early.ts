import { askEarly, folderParams } from './api.ts'
import { routeOf } from './routes.ts'
import { sectionByName } from './sections.ts'

// The first requests of the screen the address names, sent as soon as the editor's script starts
// (main.tsx imports this first, and it imports nothing heavy): on a phone, evaluating the rest of
// the script (React, the forms' rules) and drawing the first screen takes a few hundred
// milliseconds, which the answers spend on their way. The screens take these answers (api.ts)
// and ask for the rest themselves.

const route = routeOf(window.location.hash)
const courses = sectionByName('courses')?.folder
// The bar's notice while the site is a preview (app.tsx).
askEarly('publishState')
if (route.screen === 'entry') {
  askEarly('getEntry', { path: route.path })
  // Its form's choices of a course (entries.ts).
  if (courses !== undefined) askEarly('entriesByFolder', folderParams(courses))
} else if (route.screen === 'section') {
  const folder = sectionByName(route.name)?.folder
  if (folder !== undefined) {
    askEarly('entriesByFolder', folderParams(folder))
    if (courses !== undefined && folder !== courses)
      askEarly('entriesByFolder', folderParams(courses))
    askEarly('launchBlockers')
  }
} else if (route.screen === 'home') {
  askEarly('launchBlockers')
}
