// What the head script needs to load a page's JavaScript after its first paint: the browser entry
// and the chunks it imports, from React Router's manifest (root.tsx). It travels as JSON in an
// attribute of the script, so the script's code is the same on every page.

export type PageEntry = { module: string; imports: string[] }

/** The head script's attribute that holds the entry. */
export const ENTRY_ATTRIBUTE = 'data-entry'
