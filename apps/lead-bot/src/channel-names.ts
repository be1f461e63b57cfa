// The lead channels by name, as settings, /health, logs and `npm run leads -- --channel` name them.

/** Telegram first: the chat the school has always had; the others only when configured. */
export const CHANNEL_NAMES = ['telegram', 'email', 'webhook', 'alfacrm', 'bitrix24'] as const
export type ChannelName = (typeof CHANNEL_NAMES)[number]

/** The channels whose state is kept per lead in `lead_deliveries` (Telegram's is on the lead row). */
export type ExtraChannelName = Exclude<ChannelName, 'telegram'>

export function isChannelName(value: string): value is ChannelName {
  return (CHANNEL_NAMES as readonly string[]).includes(value)
}
