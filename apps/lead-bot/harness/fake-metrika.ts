// A local stand-in for Yandex Metrika's Management API upload of offline conversions, on
// 127.0.0.1, following its documented contract (yandex.ru/dev/metrika: "Passing offline
// conversions" and "Uploading offline conversions"): POST
// /management/v1/counter/{counterId}/offline_conversions/upload?client_id_type=CLIENT_ID|YCLID,
// `Authorization: OAuth <token>`, the CSV as the multipart field `file` (its first line names the
// columns: the id, Target, DateTime in Unix seconds, only past times); answers
// `{"uploading": {"id": …}}`, or `{"errors": [{"error_type", "message"}], "code", "message"}`.
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface MetrikaUpload {
  counterId: string
  clientIdType: string
  csv: string
}

export interface FakeMetrika {
  url: string
  uploads: MetrikaUpload[]
  close(): Promise<void>
}

const ID_COLUMNS: Record<string, string> = { CLIENT_ID: 'ClientId', YCLID: 'Yclid' }

function error(response: ServerResponse, code: number, type: string, message: string): void {
  response.writeHead(code, { 'content-type': 'application/json' })
  response.end(JSON.stringify({ errors: [{ error_type: type, message }], code, message }))
}

/** Why Metrika would refuse the file, or undefined when it takes it. */
function csvProblem(csv: string, clientIdType: string, now: number): string | undefined {
  const [header, ...rows] = csv.trim().split(/\r?\n/)
  const columns = header?.split(',') ?? []
  const idColumn = ID_COLUMNS[clientIdType]
  if (idColumn === undefined) return `Unknown client_id_type: ${clientIdType}`
  for (const required of [idColumn, 'Target', 'DateTime']) {
    if (!columns.includes(required)) return `Required column is missing: ${required}`
  }
  if (rows.length === 0) return 'The file has no data rows'
  const at = columns.indexOf('DateTime')
  for (const [i, row] of rows.entries()) {
    const cells = row.split(',')
    if (cells.length !== columns.length) return `Line ${i + 2}: wrong number of columns`
    const time = cells[at] ?? ''
    if (!/^\d+$/.test(time)) return `Line ${i + 2}: DateTime must be a Unix timestamp`
    if (Number(time) * 1000 > now) return `Line ${i + 2}: DateTime is in the future`
  }
  return undefined
}

export async function startFakeMetrika(options: {
  token: string
  counterId: string
}): Promise<FakeMetrika> {
  const uploads: MetrikaUpload[] = []
  let nextId = 1001
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', 'http://127.0.0.1')
        const match = /^\/management\/v1\/counter\/([^/]+)\/offline_conversions\/upload$/.exec(
          url.pathname,
        )
        if (request.method !== 'POST' || match === null) {
          return error(response, 404, 'not_found', 'Not found')
        }
        if (request.headers.authorization !== `OAuth ${options.token}`) {
          return error(response, 403, 'invalid_token', 'Invalid oauth_token')
        }
        const counterId = decodeURIComponent(match[1] ?? '')
        if (counterId !== options.counterId) {
          return error(response, 403, 'access_denied', 'Access is denied')
        }
        // The platform's own multipart parser, as the real API reads the body.
        const form = await new Request(url, {
          method: 'POST',
          headers: { 'content-type': request.headers['content-type'] ?? '' },
          body: Buffer.concat(chunks),
        })
          .formData()
          .catch(() => undefined)
        const file = form?.get('file')
        if (!(file instanceof Blob)) {
          return error(response, 400, 'invalid_parameter', 'The file is missing')
        }
        const csv = await file.text()
        const clientIdType = url.searchParams.get('client_id_type') ?? 'CLIENT_ID'
        const problem = csvProblem(csv, clientIdType, Date.now())
        if (problem !== undefined) return error(response, 400, 'invalid_parameter', problem)
        uploads.push({ counterId, clientIdType, csv })
        const id = nextId
        nextId += 1
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(
          JSON.stringify({
            uploading: {
              id,
              create_time: new Date().toISOString(),
              source_quantity: csv.trim().split('\n').length - 1,
              line_quantity: csv.trim().split('\n').length - 1,
              comment: url.searchParams.get('comment') ?? '',
              type: 'BASIC',
              client_id_type: clientIdType,
              status: 'UPLOADED',
            },
          }),
        )
      })()
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    uploads,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
