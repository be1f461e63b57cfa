// Shape of the legal texts. Each is built from the school's facts and the build settings
// (policy-context.ts), so the texts say what this build of the system does.

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
