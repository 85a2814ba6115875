// A push service of the tests' own, over HTTPS as web-push requires: a self-signed certificate for 127.0.0.1 made
// with openssl into a temporary folder, and an https agent that trusts it for the server's requests. It records
// what it receives and answers 201, or the status a test sets for an endpoint, at once or after a delay (a slow
// push service, for the tests of the sender's claims). Browser-side subscriptions are made as a browser makes
// them: a P-256 key pair and a 16-byte auth secret; what arrives is decrypted with them. The server pushes to it
// only when PUSH_ENDPOINT_HOSTS names `host` (it is at 127.0.0.1, no web push service).
// A server in another process trusts the certificate through NODE_EXTRA_CA_CERTS=certFile (the reliability test
// of two processes and the push benchmark); those give `onPush` to see each push as it arrives, not keep them all.
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decrypt } from 'http_ece';
import type { PushSubscriptionBody } from '../../../src/shared/push';

export interface ReceivedPush {
  /** The endpoint's path (one per subscription). */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** What the service answered. */
  status: number;
}

export interface PushService {
  /** An https agent that trusts the service's certificate. */
  agent: https.Agent;
  /** Its host:port, for the server's PUSH_ENDPOINT_HOSTS (only the web push services' hosts are pushed to otherwise). */
  host: string;
  /** The certificate's PEM file, for NODE_EXTRA_CA_CERTS of a server process (removed by close()). */
  certFile: string;
  /** What arrived (empty when started with `onPush`). */
  received: ReceivedPush[];
  /** The status to answer for an endpoint's path (201 when not set). */
  answers: Map<string, number>;
  /** Pushes arrived and not yet answered (with `answerAfterMs`: those the sender still waits for). */
  readonly inFlight: number;
  /** A browser's subscription at this service, with the keys to read what it receives. */
  subscribe(): BrowserSubscription;
  close(): Promise<void>;
}

export interface BrowserSubscription {
  body: PushSubscriptionBody;
  path: string;
  /** The pushes to this subscription that the service accepted, decrypted. */
  messagesIn(service: PushService): unknown[];
  /** One push's body to this subscription, decrypted and parsed. */
  read(body: Buffer): unknown;
}

export interface PushServiceOptions {
  /** Sees each push as it arrives, instead of its being kept in `received`. */
  onPush?: (push: ReceivedPush) => void;
  /** How long the service takes to answer each push (a slow or hanging push service); 0 by default. */
  answerAfterMs?: number;
}

/** A push counts as received when it arrives, whether or not its answer reaches the sender. */
export async function startPushService(options: PushServiceOptions = {}): Promise<PushService> {
  const { onPush, answerAfterMs = 0 } = options;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-service-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-keyout', keyFile, '-out', certFile, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'ignore' });
  const cert = fs.readFileSync(certFile);
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  let inFlight = 0;
  const server = https.createServer({ key: fs.readFileSync(keyFile), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '';
      const status = answers.get(url) ?? 201;
      const push = { path: url, headers: req.headers, body: Buffer.concat(chunks), status };
      if (onPush) onPush(push);
      else received.push(push);
      res.statusCode = status;
      inFlight += 1;
      const answer = () => {
        inFlight -= 1;
        res.end();
      };
      if (answerAfterMs > 0) setTimeout(answer, answerAfterMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new https.Agent({ ca: cert, keepAlive: true });
  let seq = 0;

  const service: PushService = {
    host: `127.0.0.1:${port}`,
    agent,
    certFile,
    received,
    answers,
    get inFlight() {
      return inFlight;
    },
    subscribe() {
      seq += 1;
      const ecdh: ECDH = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpointPath = `/push/${seq}-${randomBytes(6).toString('hex')}`;
      const read = (body: Buffer) => JSON.parse(decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')) as unknown;
      return {
        path: endpointPath,
        body: {
          endpoint: `https://127.0.0.1:${port}${endpointPath}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        messagesIn(from: PushService) {
          return from.received.filter((r) => r.path === endpointPath && r.status < 300).map((r) => read(r.body));
        },
        read,
      };
    },
    async close() {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return service;
}
