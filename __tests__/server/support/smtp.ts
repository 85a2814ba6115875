// A real local SMTP server (the smtp-server package) that keeps every mail it receives, so that tests read the
// password reset code from the mail the server really sent. A test may have it refuse a recipient with a reply
// code of its choosing (a 5xx is permanent, a 4xx temporary), to see how the sender takes it.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** When it arrived (ms). */
  at: number;
}

export interface RunningSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail to the address that arrives (or has arrived). */
  nextMailTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

export interface SmtpOptions {
  /** The reply code to refuse a recipient with (RCPT TO), or null to accept it. */
  refuse?: (address: string) => number | null;
  /** The port to listen on (0: any free one). */
  port?: number;
  /** Called with each mail as it arrives (a benchmark times and counts them). */
  onMail?: (mail: ReceivedMail) => void;
}

export async function startSmtp(options: SmtpOptions = {}): Promise<RunningSmtp> {
  const mails: ReceivedMail[] = [];
  const waiting: Array<{ address: string; resolve: (mail: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = options.refuse?.(address.address.toLowerCase()) ?? null;
      if (code === null) {
        callback();
        return;
      }
      callback(Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        mails.push(mail);
        options.onMail?.(mail);
        for (const w of waiting.filter((x) => mail.to.includes(x.address))) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    nextMailTo(address, timeoutMs = 10_000) {
      const wanted = address.toLowerCase();
      const already = mails.find((m) => m.to.includes(wanted));
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${address}`)), timeoutMs);
        waiting.push({
          address: wanted,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The six-digit code of a reset mail. */
export function resetCodeOf(mail: ReceivedMail): string {
  const match = /reset code is (\d{6})/.exec(mail.raw);
  if (!match) throw new Error(`no code in mail: ${mail.raw}`);
  return match[1];
}
