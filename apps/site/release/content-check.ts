// `node apps/site/release/content-check.ts` (`npm run check:content`): checks every content file
// (CONTENT_DIR or content/) with @it-lab/content-check and lists each problem in Russian, one a
// line; exit 1 when there is any (docs/decisions/0056). When the content passes, it lists apart
// what still blocks the launch, the same items the release check refuses (docs/decisions/0084);
// they do not fail it. CHECK_PROBLEMS_FILE gets the problems and those items as data
// (check-problems.ts).
import { checkContentFolder } from '@it-lab/content-check'
import { contentDir, formatProblem, problemText } from '@it-lab/shared/content'
import { groupedLines, writeProblems } from './check-problems.ts'

// SITE_URL, when set (the server's env file), is the address the facts must name.
const { problems, launch } = await checkContentFolder(contentDir(), {
  siteUrl: process.env.SITE_URL || undefined,
})
if (problems.length > 0) {
  const parts = problems.map((problem) => ({ file: problem.file, text: problemText(problem) }))
  writeProblems(process.env, parts, launch)
  console.error(
    `Содержимое сайта не прошло проверку (${problems.length}):\n  ${problems.map(formatProblem).join('\n  ')}`,
  )
  process.exitCode = 1
} else {
  const items = launch ?? []
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
