export * from './check-content.ts'
export * from './launch-blockers.ts'
export * from './pictures.ts'
export * from './shipped-samples.ts'
