// A stand-in for the Google services Chromium asks for a push subscription (pushManager.subscribe): this closed
// network cannot reach them, so subscribe would wait forever. Chromium's own switches (--gcm-checkin-url,
// --gcm-registration-url) point it here; the subscription it then makes is a real one (its own keys, an
// fcm.googleapis.com-style endpoint) that the app stores through the API. Pushes in the tests are delivered
// through the DevTools protocol (ServiceWorker.deliverPushMessage), not through this server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GcmStandIn {
  /** Chromium's switches that send it here. */
  flags: string[];
  close(): Promise<void>;
}

/** A protobuf fixed64 field. */
function fixed64(field: number, value: bigint): Buffer {
  const bytes = Buffer.alloc(9);
  bytes[0] = (field << 3) | 1;
  bytes.writeBigUInt64LE(value, 1);
  return bytes;
}

// AndroidCheckinResponse: stats_ok (1) = true, android_id (7) and security_token (8): the device's identity.
const CHECKIN_ANSWER = Buffer.concat([Buffer.from([0x08, 0x01]), fixed64(7, 4_123_456_789_012n), fixed64(8, 9_876_543_210_987n)]);

export async function startGcmStandIn(): Promise<GcmStandIn> {
  let tokens = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url?.startsWith('/checkin')) {
        response.setHeader('Content-Type', 'application/x-protobuf');
        response.end(CHECKIN_ANSWER);
      } else {
        tokens += 1;
        response.end(`token=e2e-push-token-${Date.now()}-${tokens}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    flags: [`--gcm-checkin-url=http://127.0.0.1:${port}/checkin`, `--gcm-registration-url=http://127.0.0.1:${port}/register`],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
