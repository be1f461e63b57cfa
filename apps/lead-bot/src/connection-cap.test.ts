import { once } from 'node:events'
import { createServer, type Server, type ServerResponse } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { capConnections } from './connection-cap.ts'

const servers: Server[] = []
const sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    server.close()
    await once(server, 'close')
  }
})

/** A server capped at `max` whose answers wait until the test releases them. */
async function cappedServer(max: number) {
  const waiting: ServerResponse[] = []
  const server = createServer((_request, response) => void waiting.push(response))
  capConnections(server, max)
  servers.push(server)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  const open = async () => {
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => {})
    sockets.push(socket)
    await once(socket, 'connect')
    return socket
  }
  /** Sends a request's headers and waits until the server has it in hand. */
  const request = async (socket: Socket) => {
    const before = waiting.length
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n')
    while (waiting.length === before) await new Promise((resolve) => setTimeout(resolve, 5))
    return waiting[waiting.length - 1]
  }
  return { server, open, request }
}

/** Resolves once the server has closed `socket`. */
const closed = (socket: Socket) =>
  socket.closed ? Promise.resolve() : new Promise((resolve) => socket.once('close', resolve))

describe('capConnections', () => {
  it('at the cap, closes the oldest connection that has sent no request to let a new one in', async () => {
    const { open, request } = await cappedServer(2)
    const oldest = await open()
    const younger = await open()
    const newcomer = await open()
    await closed(oldest)
    expect(oldest.bytesRead).toBe(0)
    expect(younger.closed).toBe(false)
    // The newcomer is served like any other connection.
    expect(await request(newcomer)).toBeDefined()
  })

  it('closes a connection waiting between requests, once its answer has gone', async () => {
    const { open, request } = await cappedServer(1)
    const keptAlive = await open()
    ;(await request(keptAlive))?.end('ok')
    await once(keptAlive, 'data')
    const newcomer = await open()
    await closed(keptAlive)
    expect(newcomer.closed).toBe(false)
  })

  it('refuses a new connection when every open one has a request in flight', async () => {
    const { open, request } = await cappedServer(2)
    const busy = await Promise.all([open(), open()])
    for (const socket of busy) await request(socket)
    const refused = await open()
    await closed(refused)
    expect(refused.bytesRead).toBe(0)
    expect(busy.map((socket) => socket.closed)).toEqual([false, false])
  })
})
