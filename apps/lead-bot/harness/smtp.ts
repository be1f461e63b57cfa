// A real SMTP server on 127.0.0.1 for the alert's e-mail: it asks for a login, as a provider's
// does, and keeps each message as mailparser reads it. STARTTLS is off: its certificate would be
// self-signed, which a client rightly refuses.
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'

export interface ReceivedMail {
  from: string
  to: string[]
  subject: string
  text: string
}

export interface TestSmtp {
  /** SMTP_URL with the login the server takes. */
  readonly url: string
  readonly password: string
  readonly mails: ReceivedMail[]
  /** While true, every recipient is refused (550), as a mailbox that does not take mail. */
  refuse(on: boolean): void
  close(): Promise<void>
}

export async function startSmtp(): Promise<TestSmtp> {
  const user = 'alerts@itlab.example'
  const password = 'p@ss:word/1'
  const mails: ReceivedMail[] = []
  let refusing = false
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user })
      else callback(new Error('Invalid username or password'))
    },
    onRcptTo(_address, _session, callback) {
      callback(
        refusing ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : null,
      )
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push({
            from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          })
          callback()
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        )
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    password,
    mails,
    refuse(on) {
      refusing = on
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
