// The setting of the reliability tests of the push sender in built server processes: a scratch database and data
// folders, the processes, the test push service and a connection of the test's own to the database. Made before
// the tests (the server build first); afterwards the processes are stopped and everything removed.
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/types';
import { ProcessScratch } from './ownDatabases';
import type { PushService } from './pushService';
import { ensureServerBuild, type ServerProcess } from './serverProcess';

export interface PushScene {
  scratch: ProcessScratch;
  servers: ServerProcess[];
  service?: PushService;
  db?: Kysely<Database>;
}

/** Call in a describe block: `prefix` names its scratch databases and folders. */
export function pushScene(prefix: string): PushScene {
  const scene: PushScene = { scratch: new ProcessScratch(prefix), servers: [] };
  beforeAll(() => ensureServerBuild(), 180_000);
  afterAll(async () => {
    for (const s of scene.servers) await s.stop();
    await scene.db?.destroy();
    await scene.service?.close();
    await scene.scratch.remove();
  });
  return scene;
}
