// Used only at build time, to prerender every page (ssr: false). React's static prerender waits
// for everything, lazy parts included; with no progressive chunk size it writes each part in its
// place in the HTML. The default streaming entry would send large or late parts (the quiz) at the
// end of the page, moved into place by a script after the first paint: one more layout then.
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { ServerRouter, type EntryContext } from 'react-router'
import { RenderIslandContext } from '#app/islands/island.tsx'

// Each island is rendered as a root of its own, with its own id prefix, as the browser hydrates it
// (islands/island.tsx). An island suspends on nothing, so the synchronous render sees it whole.
const renderIsland = (element: ReactElement, identifierPrefix: string) =>
  renderToString(element, { identifierPrefix })

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  const { prelude } = await prerender(
    <RenderIslandContext value={renderIsland}>
      <ServerRouter context={routerContext} url={request.url} />
    </RenderIslandContext>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  responseHeaders.set('Content-Type', 'text/html')
  return new Response(prelude, {
    headers: responseHeaders,
    status: responseStatusCode,
  })
}
