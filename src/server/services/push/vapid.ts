// The server's VAPID keys (the application server's identity to push services): from VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY, or made once at first start and kept in the database like the session secret.
import webPush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../repositories/db';
import { ensureSetting } from '../../repositories/settings';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The pair is stored as one setting, so that of several processes starting at once on an empty database the
 * first one's pair is kept and every process answers it (a public key never goes with another's private key).
 */
export async function vapidDetails(db: Db, config: Config): Promise<VapidDetails> {
  const subject = config.vapid.subject;
  if (config.vapid.keys) return { subject, ...config.vapid.keys };
  const stored = await ensureSetting(db, 'vapid_keys', JSON.stringify(webPush.generateVAPIDKeys()));
  const keys = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
}
