import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/**
 * Keeps at most `max` connections open. At the cap a new connection closes the oldest one with
 * no request in flight (it has not sent a whole request header yet, or waits between requests)
 * instead of being refused: sockets held open and silent can then no longer lock visitors out
 * until the header timeout cuts them. Only when every connection has a request in flight is the
 * new one refused (docs/decisions/0015-locks-timeouts-connections.md).
 */
export function capConnections(server: Server, max: number): void {
  // A Set iterates in insertion order: the first entry has waited longest.
  const idle = new Set<Socket>()
  const inFlight = new Map<Socket, number>()

  server.on('connection', (socket: Socket) => {
    if (idle.size + inFlight.size >= max) {
      const oldest = idle.values().next().value
      if (oldest === undefined) {
        socket.destroy()
        return
      }
      idle.delete(oldest)
      oldest.destroy()
    }
    idle.add(socket)
    socket.once('close', () => {
      idle.delete(socket)
      inFlight.delete(socket)
    })
  })

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const { socket } = request
    idle.delete(socket)
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1)
    response.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1
      if (left > 0) inFlight.set(socket, left)
      else if (inFlight.delete(socket) && !socket.destroyed) idle.add(socket)
    })
  })
}
