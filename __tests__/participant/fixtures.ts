// A participation and tasks as the server answers them (PARTICIPANTS.md), for the app's screen tests.
import type { AppParticipation, AppTasksAnswer } from '../../src/shared/types/participantApp';

export function participation(overrides: Partial<AppParticipation> = {}): AppParticipation {
  return {
    _id: 'pp1',
    study: { _id: 's1', chin_name: '睡眠研究 Sleep study', study_code: 'SLEEP1' },
    status: 'invited',
    current_stage: { _id: 'st1', chin_name: 'Stage 1', stage_num: 1, chin_progress_message: 'Week one: answer each prompt.', chin_complete_message: '' },
    current_group: { _id: 'g1', name: 'Group 1', group_num: 1 },
    consent: { consent_needed: true, chin_content: '<p>I agree to <strong>take part</strong>.</p><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>', keep_answers_on_erasure: false },
    arrive_assigned: true,
    enrolment_time: [],
    ...overrides,
  };
}

const questionnaire = (id: string, name: string) => ({ _id: id, chin_name: name, abbrev: id.toUpperCase() });

/** Tasks around `now`: an EMA prompt open now (20 minutes left), one later today, one done and one missed today. */
export function tasksAround(now: Date): AppTasksAnswer {
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
  const ema = (id: string, start: number, status: AppTasksAnswer['ema'][number]['status'], reminder = false) => ({
    _id: id,
    kind: 'ema' as const,
    prompt_id: reminder ? 'e-open' : null,
    questionnaire: questionnaire('q-mood', 'Mood now'),
    notification_datetime: at(start),
    timezone: 'Asia/Hong_Kong',
    reminder,
    window_closes_at: at(start + 30),
    status,
    followup: false,
    trigger_submission_id: null,
  });
  return {
    ema: [ema('e-open', -10, 'delivered'), ema('e-reminder', -5, 'planned', true), ema('e-later', 120, 'planned'), ema('e-done', -200, 'completed'), ema('e-missed', -100, 'expired')],
    diary: [],
    once: [
      { _id: 'o1', kind: 'once', questionnaire: questionnaire('q-bg', 'Background'), status: 'planned' },
      { _id: 'o2', kind: 'once', questionnaire: questionnaire('q-intake', 'Intake'), status: 'completed' },
    ],
    anytime: [{ _id: 'a1', kind: 'anytime', questionnaire: questionnaire('q-event', 'Report an event'), status: 'planned' }],
  };
}
