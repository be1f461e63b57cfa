import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub, Meta } from 'react-router'
import { describe, expect, it } from 'vitest'
import { findCourse } from '#app/content/courses.ts'
import { courseJsonLd, jsonLdMeta } from './structured-data'

describe('JSON-LD in the page', () => {
  it('keeps a title holding </script> inside its script element, as text', () => {
    const shipped = findCourse('4')
    if (!shipped) throw new Error('course 4 is shipped')
    const title = '</script><script>alert(1)</script> & «Код»'
    const Stub = createRoutesStub([
      {
        path: '/',
        meta: () => [jsonLdMeta(courseJsonLd({ ...shipped, title }, []))],
        Component: Meta,
      },
    ])
    const container = document.createElement('div')
    container.innerHTML = renderToStaticMarkup(<Stub />)
    const scripts = container.querySelectorAll('script')
    expect(scripts).toHaveLength(1)
    expect(scripts[0]?.type).toBe('application/ld+json')
    expect(JSON.parse(scripts[0]?.textContent ?? '')).toMatchObject({ name: title })
  })
})
