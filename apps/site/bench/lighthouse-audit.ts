// `node bench/lighthouse-audit.ts URL`: Lighthouse's audit scores of one page (runAudits), as JSON
// on stdout. The budgets run one such process a page, all at once: Lighthouse keeps its timings
// in its process's globals, so two runs cannot share one.
import { runAudits } from './lighthouse-runner.ts'

const [url] = process.argv.slice(2)
if (!url) throw new Error('usage: node bench/lighthouse-audit.ts URL')
process.stdout.write(`${JSON.stringify(await runAudits(url))}\n`)
