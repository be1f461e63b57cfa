// How a content file's mistakes are told: the file, the field as the editor labels it, its path
// in the file and the rule, in Russian (docs/decisions/0054-content-as-data.md). The owner reads
// these lines in the build's output and in the school's chat.

/** One mistake: where it is and which rule it breaks. */
export type ContentProblem = {
  /** The file, relative to the repository: `content/courses/4.json`. */
  file: string
  /** The field's path in the file, e.g. `prices.basic` or `skills[2]`; empty for the whole file. */
  field: string
  /** The editor's label of the field, e.g. «Цены → Разовое посещение». */
  label?: string
  /** The rule, in Russian: 'должна быть больше 0'. */
  rule: string
  /** The value found, when it helps to see it. */
  received?: unknown
}

/** The rule with the value found: what the owner's editor shows at the field. */
export function ruleText({ rule, received }: Pick<ContentProblem, 'rule' | 'received'>): string {
  const got =
    typeof received === 'string' || typeof received === 'number'
      ? ` (сейчас: ${JSON.stringify(received)})`
      : ''
  return `${rule}${got}`
}

/** The problem without its file: the field as the editor labels it, then the rule. */
export function problemText(problem: Omit<ContentProblem, 'file'>): string {
  const { field, label } = problem
  const where = field === '' ? 'весь файл' : label ? `поле «${label}» (${field})` : `поле ${field}`
  return `${where}: ${ruleText(problem)}`
}

export const formatProblem = (problem: ContentProblem): string =>
  `${problem.file}: ${problemText(problem)}`

/** Content the build refuses: every problem of every file, one a line. */
export class ContentError extends Error {
  readonly problems: ContentProblem[]

  constructor(problems: ContentProblem[]) {
    super(
      `Содержимое сайта не прошло проверку (${problems.length}):\n  ${problems.map(formatProblem).join('\n  ')}`,
    )
    this.name = 'ContentError'
    this.problems = problems
  }
}

/** `prices.basic`, `skills[2]` from a zod issue path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`,
    )
    .join('')
}

/** The value at a zod issue path, for the message. */
export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === 'object'
        ? (node as Record<PropertyKey, unknown>)[key]
        : undefined,
    data,
  )
}
