/**
 * An SVG as a `data:` URL, short: the whitespace between tags collapsed, only what a URL or the
 * attribute needs escaped.
 */
export function svgDataUrl(svg: string): string {
  const text = svg.trim().replace(/>\s+</g, '><').replace(/\s+/g, ' ')
  return `data:image/svg+xml,${text.replace(/[%#"<>]/g, encodeURIComponent)}`
}
