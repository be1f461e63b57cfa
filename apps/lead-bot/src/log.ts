// The logger the service's loops write to (pino's shape, as Fastify's logger has it).
export interface Log {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}
