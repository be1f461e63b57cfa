// Shape of the static legal texts and the helper that fills in the operator's details.

/** A block under a section heading: paragraphs first, then a bulleted list. */
export type PolicySubsection = {
  /** Optional anchor id, unique within the document. */
  id?: string
  heading: string
  paragraphs?: string[]
  items?: string[]
}

export type PolicySection = {
  /** Anchor id, unique within the document (kebab-case). */
  id: string
  heading: string
  /** Rendered in this order: paragraphs, items (bulleted list), subsections. */
  paragraphs?: string[]
  items?: string[]
  subsections?: PolicySubsection[]
}

export type PolicyDocument = {
  title: string
  /** Edition date as shown to the reader, e.g. '1 сентября 2025 г.' */
  updated?: string
  /** Place of signing, e.g. 'г. Астрахань'. */
  place?: string
  intro?: string[]
  sections: PolicySection[]
  closing?: string[]
}

/**
 * Placeholders used in the texts as '{{NAME}}'. The page fills them from the site config:
 * OWNER_NAME (full name as in the legal line, e.g. 'ИП Фамилия Имя Отчество'), INN, OGRNIP,
 * EMAIL, ADDRESS (postal address), SITE_URL (origin without a trailing slash).
 */
export const POLICY_PLACEHOLDERS = [
  'OWNER_NAME',
  'INN',
  'OGRNIP',
  'EMAIL',
  'ADDRESS',
  'SITE_URL',
] as const

export type PolicyPlaceholder = (typeof POLICY_PLACEHOLDERS)[number]

export type PolicyPlaceholderValues = Record<PolicyPlaceholder, string>

const PLACEHOLDER_PATTERN = /\{\{([A-Z_]+)\}\}/g

function isPlaceholder(name: string): name is PolicyPlaceholder {
  return (POLICY_PLACEHOLDERS as readonly string[]).includes(name)
}

/** Replaces every known '{{NAME}}' in one string; unknown names are left as they are. */
export function fillPolicyText(text: string, values: PolicyPlaceholderValues): string {
  return text.replace(PLACEHOLDER_PATTERN, (match, name: string) =>
    isPlaceholder(name) ? values[name] : match,
  )
}

function fillList(list: string[] | undefined, values: PolicyPlaceholderValues) {
  return list?.map((text) => fillPolicyText(text, values))
}

/** Returns a copy of the document with every placeholder filled in. */
export function fillPolicyDocument(
  document: PolicyDocument,
  values: PolicyPlaceholderValues,
): PolicyDocument {
  const fillSubsection = (subsection: PolicySubsection): PolicySubsection => ({
    ...subsection,
    heading: fillPolicyText(subsection.heading, values),
    paragraphs: fillList(subsection.paragraphs, values),
    items: fillList(subsection.items, values),
  })
  return {
    ...document,
    title: fillPolicyText(document.title, values),
    intro: fillList(document.intro, values),
    sections: document.sections.map((section) => ({
      ...section,
      heading: fillPolicyText(section.heading, values),
      paragraphs: fillList(section.paragraphs, values),
      items: fillList(section.items, values),
      subsections: section.subsections?.map(fillSubsection),
    })),
    closing: fillList(document.closing, values),
  }
}

/** Every string of the document joined by new lines (for search and tests). */
export function policyPlainText(document: PolicyDocument): string {
  const parts: string[] = [document.title, ...(document.intro ?? [])]
  for (const section of document.sections) {
    parts.push(section.heading, ...(section.paragraphs ?? []), ...(section.items ?? []))
    for (const subsection of section.subsections ?? []) {
      parts.push(subsection.heading, ...(subsection.paragraphs ?? []), ...(subsection.items ?? []))
    }
  }
  parts.push(...(document.closing ?? []))
  return parts.join('\n')
}
