// A real local SMTP server (the smtp-server package) that keeps every mail it receives, so that tests read the
// password reset code from the mail the server really sent.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface RunningSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail to the address that arrives (or has arrived). */
  nextMailTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

export async function startSmtp(): Promise<RunningSmtp> {
  const mails: ReceivedMail[] = [];
  const waiting: Array<{ address: string; resolve: (mail: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') };
        mails.push(mail);
        for (const w of waiting.filter((x) => mail.to.includes(x.address))) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
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
