// The content files' rules and reader (Node only: the site's build and scripts, the tests).
export * from './problems.ts'
export * from './read.ts'
export * from './page-texts.ts'
export * from './schema.ts'
export * from './quiz.ts'
export * from './image-type.ts'
export * from './editor-paths.ts'
