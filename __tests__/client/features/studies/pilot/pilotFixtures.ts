// Pilots as the pilot API answers them, for the pilot page and dialog tests.
import type { CreatedPilot, Pilot, PilotTask } from '../../../../../src/shared/types/pilot';

export function prompt(id: string, at: string, overrides: Partial<PilotTask> = {}): PilotTask {
  return {
    _id: id,
    kind: 'ema',
    questionnaire: { _id: 'q1', chin_name: 'Mood Now', abbrev: 'MOOD' },
    prompt_id: null,
    followup: false,
    notification_datetime: at,
    window_closes_at: new Date(Date.parse(at) + 15 * 60_000).toISOString(),
    diary_start_date: null,
    number_of_days: null,
    status: 'planned',
    completed_at: null,
    ...overrides,
  };
}

/** 09:00 and 13:00 in Hong Kong on 2030-03-04, and a reminder of the first at 09:05. */
export const plan: PilotTask[] = [
  prompt('t1', '2030-03-04T01:00:00.000Z'),
  prompt('r1', '2030-03-04T01:05:00.000Z', { prompt_id: 't1' }),
  prompt('t2', '2030-03-04T05:00:00.000Z'),
];

export function pilot(overrides: Partial<Pilot> = {}): Pilot {
  return {
    _id: 'p1',
    participant: { _id: 'u1', email: 'pilot-x@pilot.invalid', participant_code: 'PILOT01' },
    study_id: 's1',
    status: 'enrolled',
    current_stage_id: 'stage1',
    current_group_id: 'group1-1',
    clock: { now: '2030-03-03T16:30:00.000Z', offset_ms: 1000 },
    plan,
    ...overrides,
  };
}

export function created(overrides: Partial<Pilot> = {}): CreatedPilot {
  return { pilot: pilot(overrides), session: { token: 'pilot-token', expires: '2099-01-01T00:00:00.000Z', participant: { _id: 'u1', email: 'pilot-x@pilot.invalid' } } };
}
