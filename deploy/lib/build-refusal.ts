// What the deploy prints when the release build is refused (docs/decisions/0084): the problems the
// content or release check wrote as data (apps/site/release/check-problems.ts), all of them,
// grouped by file and counted; never the build's own output, whose indented lines (Vite's
// plugin-timing report among them) were once listed as problems. Without that file the build
// failed before its check: its last lines say why.
import { groupedLines, type CheckProblem } from '@it-lab/site/check-problems'
import { plainLines, refusal } from './report.ts'

export function buildRefusal(
  output: string,
  problems: readonly CheckProblem[] | undefined,
  { preview, offerPreview }: { preview: boolean; offerPreview: boolean },
): string {
  if (!problems || problems.length === 0) {
    return refusal(
      'nothing was deployed: the release build failed before its check. Its last lines (--verbose shows the whole build):',
      plainLines(output)
        .slice(-5)
        .map((line) => line.trim()),
    )
  }
  const launch = problems.filter((problem) => problem.launch).length
  const counted = `${problems.length} problem${problems.length === 1 ? '' : 's'}${launch > 0 ? `, ${launch} of them blocking only the launch` : ''}`
  const paragraph = `nothing was deployed: the ${preview ? 'preview ' : ''}release build was refused, ${counted}. Fix them (the content in the editor or content/, the settings in the env files) and deploy again; --verbose shows the whole build.`
  const hint =
    launch > 0 && offerPreview
      ? [
          'Until the samples and stand-ins are replaced, the site can go out as a preview for the owner to fill in her editor: npm run deploy -- --env-file … --preview (deploy/README.md, "The first hour").',
        ]
      : []
  return [refusal(paragraph, groupedLines(problems)), ...hint].join('\n')
}
