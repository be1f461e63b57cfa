// The e-mail channel (docs/decisions/0077): one plain Russian letter per lead to the school's
// mailbox, through the SMTP server of SMTP_URL (the one the alerts use, docs/decisions/0063).
import nodemailer from 'nodemailer'
import type { Channel } from './worker.ts'
import { contextLines, leadTopic } from './lead-payload.ts'
import type { LeadPayload } from './lead-payload.ts'
import type { LeadEmailConfig } from '../config.ts'

const cut = (text: string, length: number) =>
  text.length <= length ? text : `${text.slice(0, length - 1)}…`

/** «Новая заявка с сайта: Python, Мария». */
export function leadEmailSubject(lead: LeadPayload): string {
  return `Новая заявка с сайта: ${cut(leadTopic(lead), 60)}, ${cut(lead.name, 60)}`
}

export function leadEmailText(lead: LeadPayload): string {
  return [
    `Заявка №${lead.id} с сайта.`,
    '',
    `Имя: ${lead.name}`,
    `Телефон: ${lead.phone}`,
    ...contextLines(lead),
    `Время: ${lead.receivedAtLocal} (Астрахань)`,
    '',
    'Письмо отправил сервис заявок сайта; отвечать на него не нужно.',
  ].join('\n')
}

export function createEmailChannel(config: LeadEmailConfig): Channel {
  const password = decodeURIComponent(new URL(config.smtpUrl).password)
  const hide = (text: string) => (password === '' ? text : text.replaceAll(password, '<password>'))
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: config.timeoutMs,
    greetingTimeout: config.timeoutMs,
    socketTimeout: config.timeoutMs,
  })
  return {
    name: 'email',
    async deliver(lead) {
      try {
        const info = await transport.sendMail({
          from: config.from,
          to: config.to,
          subject: leadEmailSubject(lead),
          text: leadEmailText(lead),
        })
        return { ok: true, ref: info.messageId }
      } catch (error) {
        // Every refusal may pass (a full mailbox, a login fixed, a 550 from a misset mailbox):
        // retried with backoff, a dead letter after the channel's attempts (0077).
        const why = error instanceof Error ? error.message : String(error)
        return { ok: false, retry: true, error: hide(why.split('\n')[0] ?? why) }
      }
    },
  }
}
