// `node apps/site/scripts/content-check.ts` (`npm run check:content`): checks every content file
// (CONTENT_DIR or content/) and lists each problem in Russian, one a line; exit 1 when there is
// any (the publishing script runs it before the deploy, docs/decisions/0056; the editor reads its
// lines). When the content passes, it lists apart what still blocks the launch, the same items
// the release check refuses (launch-blockers.ts, docs/decisions/0084); they do not fail it.
// CHECK_PROBLEMS_FILE gets the problems and those items as data (check-problems.ts).
import { groupedLines, problemOf, writeProblems } from './check-problems.ts'
import { contentCheck } from '../vite/content-plugin.ts'
import { contentLaunchBlockers } from './launch-blockers.ts'

const problems = await contentCheck()
// SITE_URL, when set (the server's env file), is the address the facts must name.
const siteUrl = process.env.SITE_URL || undefined
if (problems.length > 0) {
  // The launch's items too, for the editor, when the files can be read at all.
  const items = await contentLaunchBlockers(siteUrl).catch(() => undefined)
  writeProblems(process.env, problems.map(problemOf), items)
  console.error(
    `Содержимое сайта не прошло проверку (${problems.length}):\n  ${problems.join('\n  ')}`,
  )
  process.exitCode = 1
} else {
  const items = await contentLaunchBlockers(siteUrl)
  writeProblems(process.env, undefined, items)
  if (items.length === 0) {
    console.log('Содержимое сайта в порядке, к запуску готово.')
  } else {
    console.log(
      [
        `Содержимое сайта в порядке, но к запуску ещё не готово: осталось заменить образцы и заглушки (${items.length}) — в редакторе (/admin) или в файлах content/:`,
        ...groupedLines(items).map((line) => `  ${line}`),
        'Пока они есть, сайт может работать только в режиме подготовки к запуску: с полосой «Сайт готовится к запуску» и скрытым от поисковиков.',
      ].join('\n'),
    )
  }
}
