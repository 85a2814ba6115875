// Who of a study needs attention now, and why (the rules: src/shared/adherence.ts). Read for Study Progress's
// "Needs attention" list and for the daily digest; both see the same reasons.
import type { Db } from '../../repositories/db';
import { lastAppReports, lastClosedPrompts, lastSignInsOrReports, listJudgedParticipations } from '../../repositories/adherence';
import type { AdherenceReason, AdherenceThresholds, AttentionParticipant } from '../../../shared/adherence';

const HOUR_MS = 3_600_000;

function latest(...moments: Array<string | null | undefined>): string {
  return moments.filter((m): m is string => typeof m === 'string' && m !== '').reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
}

export async function participantsNeedingAttention(db: Db, studyId: string, thresholds: AdherenceThresholds, nowMs: number): Promise<AttentionParticipant[]> {
  const now = new Date(nowMs).toISOString();
  const participations = await listJudgedParticipations(db, studyId);
  if (participations.length === 0) return [];
  const [prompts, reports, signIns] = await Promise.all([
    lastClosedPrompts(db, studyId, now, thresholds.prompts),
    lastAppReports(db, studyId),
    lastSignInsOrReports(db, participations.map((p) => p.participant_id)),
  ]);
  const closed = new Map<string, { prompts: number; answered: number }>();
  for (const p of prompts) {
    const counts = closed.get(p.participation_id) ?? { prompts: 0, answered: 0 };
    counts.prompts += 1;
    counts.answered += Number(p.answered);
    closed.set(p.participation_id, counts);
  }
  const reported = new Map(reports.map((r) => [r.participation_id, r.seen_at]));
  const signedIn = new Map(signIns.map((s) => [s.participant_id, s.signed_in_at]));

  const found: AttentionParticipant[] = [];
  for (const p of participations) {
    const reasons: AdherenceReason[] = [];
    const counts = closed.get(p.participation_id);
    // Judged once there are as many closed prompts as the threshold names: a first missed prompt says little.
    if (counts && counts.prompts >= thresholds.prompts && counts.answered * 100 < thresholds.responseRatePercent * counts.prompts) {
      reasons.push({ kind: 'lowResponse', answered: counts.answered, prompts: counts.prompts, thresholdPercent: thresholds.responseRatePercent });
    }
    const lastSeenAt = latest(p.joined_at, reported.get(p.participation_id), signedIn.get(p.participant_id));
    const hours = Math.floor((nowMs - Date.parse(lastSeenAt)) / HOUR_MS);
    if (hours >= thresholds.silentHours) reasons.push({ kind: 'silent', lastSeenAt, hours, thresholdHours: thresholds.silentHours });
    if (reasons.length > 0) found.push({ participantId: p.participant_id, participantCode: p.participant_code, email: p.email, reasons });
  }
  return found;
}

export function thresholdsOf(study: { alert_response_rate: number; alert_prompts: number; alert_silent_hours: number }): AdherenceThresholds {
  return { responseRatePercent: study.alert_response_rate, prompts: study.alert_prompts, silentHours: study.alert_silent_hours };
}
