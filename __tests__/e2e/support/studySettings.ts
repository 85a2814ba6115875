// A participant group's assessment settings for journeys that need a study with EMA and diary settings. They
// are written into the group's JSON columns of the running server's SQLite file, as the server suite's helper
// (__tests__/server/support/participants.ts) writes them: the study editor does not save them yet.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { DiarySetting, EmaSetting } from '../../../src/shared/study/assessmentSettings';

export interface GroupSettings {
  ema?: EmaSetting[];
  diary?: DiarySetting[];
}

export function setGroupSettings(dataDir: string, groupId: string, settings: GroupSettings): void {
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db
      .prepare('UPDATE participant_groups SET ema_list = ?, diary_list = ? WHERE id = ?')
      .run(JSON.stringify(settings.ema ?? []), JSON.stringify(settings.diary ?? []), groupId).changes;
    if (changed !== 1) throw new Error(`No participant group ${groupId} in ${dataDir}`);
  } finally {
    db.close();
  }
}
