/**
 * The CSP of every file that is not a page (the owner's pictures, the build's assets, the public
 * files): whatever it holds, it runs no script when opened by its address (an SVG is a document),
 * from `npm start`'s server and from nginx alike (docs/decisions/0081-the-editor-as-a-door.md).
 */
export const STATIC_FILE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"
