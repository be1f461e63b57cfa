// `import code from '#app/inline-scripts/x.ts?inline-script'`: the module bundled into the text of
// one inline script (vite/inline-script.ts). A file of its own: a wildcard module can be
// declared only outside a module.
declare module '*?inline-script' {
  const code: string
  export default code
}
