import { TELEGRAM_INSPECT_PORT } from './e2e-env.ts'

/** The texts of the messages the fake Telegram has delivered to the school's chat so far. */
export async function chatMessages(): Promise<string[]> {
  const response = await fetch(`http://127.0.0.1:${TELEGRAM_INSPECT_PORT}/`)
  const messages = (await response.json()) as { text: string }[]
  return messages.map((message) => message.text)
}
