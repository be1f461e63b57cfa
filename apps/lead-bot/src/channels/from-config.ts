// The lead channels the settings turn on (config.ts), in the order /health lists them.
import type { ChannelsConfig } from '../config.ts'
import { createAlfaCrmChannel } from './alfacrm.ts'
import { createBitrix24Channel } from './bitrix24.ts'
import { createEmailChannel } from './email.ts'
import { createWebhookChannel } from './webhook.ts'
import type { Channel } from './worker.ts'

export function channelsFrom(config: ChannelsConfig): Channel[] {
  return [
    ...(config.email ? [createEmailChannel(config.email)] : []),
    ...(config.webhook ? [createWebhookChannel(config.webhook)] : []),
    ...(config.alfacrm ? [createAlfaCrmChannel(config.alfacrm)] : []),
    ...(config.bitrix24 ? [createBitrix24Channel(config.bitrix24)] : []),
  ]
}
