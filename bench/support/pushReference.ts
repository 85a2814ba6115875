// The push benchmark's reference, in a process of its own: the same pushes the sender makes (one per task, the
// same payload, encrypted for the same subscription, with VAPID headers), but made ready beforehand, then posted
// to the push service as plain HTTPS requests from one process, CONCURRENCY at once over a keep-alive agent.
// What is left is the cost of HTTPS and of the receiving end: what the sender adds (the database, encrypting and
// signing each push) shows as the ratio. Reads PUSH_REFERENCE_INPUT (a JSON file of Job), trusts the push
// service's certificate through NODE_EXTRA_CA_CERTS, and prints one JSON line: {"ms": …, "cpuMs": …, "failed": …}
// (cpuMs: this process's CPU time while posting, which the machine's other load hardly moves).
import fs from 'node:fs';
import https from 'node:https';
import webPush from 'web-push';

export interface ReferenceJob {
  concurrency: number;
  pushes: { endpoint: string; keys: { p256dh: string; auth: string }; payload: string; ttl: number }[];
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
  let next = 0;
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      while (next < requests.length) {
        const r = requests[next];
        next += 1;
        await post(r);
      }
    }),
  );
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  process.stdout.write(`${JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, failed })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
