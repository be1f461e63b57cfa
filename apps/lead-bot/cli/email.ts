// The operator's e-mail, the alerts' second channel (docs/decisions/0063): one plain-text
// message through the SMTP server of SMTP_URL, one connection per message (a run sends at most
// one), and a failure as one line that never holds the password.
import nodemailer from 'nodemailer'
import type { EmailConfig } from '../src/config.ts'

export interface EmailMessage {
  subject: string
  text: string
}

export type EmailResult = { ok: true } | { ok: false; error: string }

export interface Mailer {
  send(message: EmailMessage): Promise<EmailResult>
}

/** Each step's limit: a mail server that does not answer must not outlast the alert's run. */
const TIMEOUT_MS = 15_000

export function createMailer(config: EmailConfig): Mailer {
  const password = decodeURIComponent(new URL(config.smtpUrl).password)
  const hide = (text: string) => (password === '' ? text : text.replaceAll(password, '<password>'))
  return {
    async send({ subject, text }) {
      const transport = nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
      })
      try {
        await transport.sendMail({ from: config.from, to: config.to, subject, text })
        return { ok: true }
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error)
        return { ok: false, error: hide(why.split('\n')[0] ?? why) }
      } finally {
        transport.close()
      }
    },
  }
}
