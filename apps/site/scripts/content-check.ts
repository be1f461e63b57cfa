// `node apps/site/scripts/content-check.ts`: checks every content file (CONTENT_DIR or content/)
// and lists each problem in Russian, one a line; exit 1 when there is any. The publishing script
// runs it before the deploy (docs/decisions/0056-publishing-from-the-editor.md).
import { contentCheck } from './content-plugin.ts'

const problems = await contentCheck()
if (problems.length > 0) {
  console.error(
    `Содержимое сайта не прошло проверку (${problems.length}):\n  ${problems.join('\n  ')}`,
  )
  process.exitCode = 1
} else {
  console.log('Содержимое сайта в порядке.')
}
