// The push benchmark's reference, in a process of its own: the same pushes the sender makes (one per task, the
// same payload, encrypted for the same subscription, with VAPID headers), but made ready beforehand, then posted
// to the push service as plain HTTPS requests from one process, CONCURRENCY at once over a keep-alive agent.
// What is left is the cost of HTTPS and of the receiving end: what the sender adds (the database, encrypting and
// signing each push) shows as the ratio. Reads PUSH_REFERENCE_INPUT (a JSON file of Job), trusts the push
// service's certificate through NODE_EXTRA_CA_CERTS, and prints one JSON line: {"ms": …, "cpuMs": …, "failed": …}
// (cpuMs: this process's CPU time while posting, which the machine's other load hardly moves).
// With `emails` (the reach benchmark, bench/reach.ts), the very mails the server sent, as the SMTP server received
// them, go out at the same time over a pooled SMTP connection as the server's sender keeps it: what is left is
// the cost of SMTP itself.
import fs from 'node:fs';
import https from 'node:https';
import nodemailer from 'nodemailer';
import webPush from 'web-push';

export interface ReferenceEmails {
  smtpUrl: string;
  /** Mails under way at once, over at most `connections` connections. */
  concurrency: number;
  connections: number;
  mails: { from: string; to: string; raw: string }[];
}

export interface ReferenceJob {
  concurrency: number;
  pushes: { endpoint: string; keys: { p256dh: string; auth: string }; payload: string; ttl: number }[];
  emails?: ReferenceEmails;
}

/** Runs `work` on every item, `concurrency` at a time. */
async function inTurn<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next];
        next += 1;
        await work(item);
      }
    }),
  );
}

/** Sends the mails as they are (raw), answers how many the SMTP server refused. */
async function sendMails(emails: ReferenceEmails): Promise<number> {
  const transport = nodemailer.createTransport({ url: emails.smtpUrl, pool: true, maxConnections: emails.connections });
  let failed = 0;
  await inTurn(emails.mails, emails.concurrency, async (mail) => {
    try {
      await transport.sendMail({ envelope: { from: mail.from, to: [mail.to] }, raw: mail.raw });
    } catch {
      failed += 1;
    }
  });
  transport.close();
  return failed;
}

async function main(): Promise<void> {
  const job = JSON.parse(fs.readFileSync(process.env.PUSH_REFERENCE_INPUT ?? '', 'utf8')) as ReferenceJob;
  const vapidKeys = webPush.generateVAPIDKeys();
  const vapidDetails = { subject: 'mailto:bench@example.org', ...vapidKeys };
  const requests = job.pushes.map((p) =>
    webPush.generateRequestDetails({ endpoint: p.endpoint, keys: p.keys }, p.payload, { vapidDetails, TTL: p.ttl, urgency: 'high', contentEncoding: 'aes128gcm' }),
  );
  const agent = new https.Agent({ keepAlive: true });
  let failed = 0;
  const post = (r: (typeof requests)[number]) =>
    new Promise<void>((resolve) => {
      const req = https.request(r.endpoint, { method: 'POST', headers: r.headers, agent }, (res) => {
        if ((res.statusCode ?? 0) >= 300) failed += 1;
        res.resume();
        res.on('end', () => resolve());
      });
      req.on('error', () => {
        failed += 1;
        resolve();
      });
      req.end(r.body);
    });
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  const [, emailFailed] = await Promise.all([inTurn(requests, job.concurrency, post), job.emails ? sendMails(job.emails) : Promise.resolve(0)]);
  failed += emailFailed;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  process.stdout.write(`${JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, failed })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
