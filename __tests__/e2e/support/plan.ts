// Letting time pass for a running server: a participant's EMA prompts and arrival move back in the server's own
// SQLite file, as if the plan had been made that many hours earlier. The server reads the plan from the
// database on every call, so nothing else needs to change.
import path from 'node:path';
import SQLite from 'better-sqlite3';

export function movePlanBack(dataDir: string, participantEmail: string, hours: number): void {
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const earlier = (iso: string | null) => (iso === null ? null : new Date(Date.parse(iso) - hours * 3_600_000).toISOString());
    const participation = db
      .prepare('select pa.id from participations pa join participants p on p.id = pa.participant_id where p.email = ?')
      .get(participantEmail.toLowerCase()) as { id: string } | undefined;
    if (!participation) throw new Error(`No participation of ${participantEmail}`);
    const tasks = db
      .prepare("select id, notification_datetime, window_closes_at from tasks where participation_id = ? and kind = 'ema'")
      .all(participation.id) as { id: string; notification_datetime: string | null; window_closes_at: string | null }[];
    const arrivals = db.prepare('select id, start_datetime from enrolment_times where participation_id = ?').all(participation.id) as {
      id: string;
      start_datetime: string;
    }[];
    const moveTask = db.prepare('update tasks set notification_datetime = ?, window_closes_at = ? where id = ?');
    const moveArrival = db.prepare('update enrolment_times set start_datetime = ? where id = ?');
    db.transaction(() => {
      for (const t of tasks) moveTask.run(earlier(t.notification_datetime), earlier(t.window_closes_at), t.id);
      for (const a of arrivals) moveArrival.run(earlier(a.start_datetime), a.id);
    })();
  } finally {
    db.close();
  }
}

/**
 * A study marked active in the server's own SQLite file, as a fixture for the journeys about participants and
 * downloads: what activation checks first (shared/study/activation.ts) is a journey of its own (studies.test.ts).
 */
export function markActive(dataDir: string, studyId: string): void {
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare("update studies set active_status = 'active' where id = ?").run(studyId);
  } finally {
    db.close();
  }
}
