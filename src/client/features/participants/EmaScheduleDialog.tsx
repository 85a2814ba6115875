// EMA Schedule (part 2 section 2.5, widened by issue 18): every notification of the participant's stored plan,
// past ones too, grouped by time, time zone and reminder flag; each questionnaire with its state and the moments
// known of it: how it went out (pushed, emailed, or why not; issue 33), then the phone's. It opens scrolled to
// today; the times follow the session's clock (study or mine).
import { Fragment, useEffect, useMemo, useRef } from 'react';
import Table from 'react-bootstrap/Table';
import { emaPromptStateLabels, type EmaPromptState } from '../../../shared/emaSchedule';
import { deliveryPhrases } from '../../../shared/deliveryWords';
import { participantMessages } from '../../../shared/messages';
import type { Participant } from '../../../shared/types/participant';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ClockToggle } from './clock/ClockToggle';
import { useParticipantClock, type Clock } from './clock/useClock';
import { scheduleRows, todayIndex, todayText, type ScheduledQuestionnaire } from './emaSchedule';
import { selectEmaTasks, selectParticipantsRequests, fetchEmaTasks } from './participantsSlice';
import { TasksDialog } from './TasksDialog';
import './participants.css';

/** Words carry the state; the colour only repeats it. */
const stateClass: Record<EmaPromptState, string> = {
  planned: 'text-body-secondary',
  delivered: 'text-info-emphasis',
  opened: 'text-info-emphasis',
  answered: 'text-success-emphasis',
  late: 'text-warning-emphasis',
  missed: 'text-danger-emphasis',
  cancelled: 'text-body-secondary',
};

/** What became of it, in words (src/shared/deliveryWords.ts), each moment in the dialog's clock. */
function Moments({ item, clock, zone }: { item: ScheduledQuestionnaire; clock: Clock; zone: string }) {
  const phrases = deliveryPhrases(item);
  if (phrases.length === 0) return null;
  return (
    <div className="small text-body-secondary">
      {phrases.map(({ words, at, seconds }, i) => (
        <Fragment key={words}>
          {i > 0 && ' · '}
          {words}
          {at && (
            <>
              {' '}
              <time dateTime={at}>{clock.text(at, zone, seconds)}</time>
            </>
          )}
        </Fragment>
      ))}
    </div>
  );
}

interface EmaScheduleDialogProps {
  studyId: string;
  participant: Participant;
  onClose: () => void;
}

export function EmaScheduleDialog({ studyId, participant, onClose }: EmaScheduleDialogProps) {
  const dispatch = useAppDispatch();
  const loaded = useAppSelector(selectEmaTasks);
  const request = useAppSelector(selectParticipantsRequests).emaTasks;
  const clock = useParticipantClock();
  const todayRow = useRef<HTMLTableRowElement>(null);

  useEffect(() => {
    void dispatch(fetchEmaTasks({ studyId, participantId: participant._id }));
  }, [dispatch, studyId, participant._id]);

  const tasks = loaded?.participantId === participant._id && request.status !== 'request' ? loaded.tasks : null;
  // Today is judged at the moment the rows came, so it does not move while the dialog stays open.
  const schedule = useMemo(() => (tasks ? { rows: scheduleRows(tasks), now: new Date() } : null), [tasks]);
  const rows = schedule?.rows ?? null;
  const now = schedule?.now ?? new Date();
  const today = schedule ? todayIndex(schedule.rows, schedule.now, clock.zone) : 0;

  // Open at today: the dialog's body (the scrolling region) is scrolled so today's first row is at its top.
  useEffect(() => {
    const marker = todayRow.current;
    const body = marker?.closest('.modal-body');
    if (!marker || !(body instanceof HTMLElement)) return;
    const header = body.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    body.scrollTop += marker.getBoundingClientRect().top - body.getBoundingClientRect().top - header;
  }, [rows]);

  return (
    <TasksDialog
      title="EMA Schedule"
      titleId="ema-schedule-title"
      participant={participant}
      request={request}
      onClose={onClose}
      above={<ClockToggle clock={clock} idPrefix="ema" />}
    >
      {rows &&
        (rows.length === 0 ? (
          <p>{participantMessages.noUpcomingEma}</p>
        ) : (
          <Table size="sm" className="align-middle mb-0 ema-schedule-table">
            <caption className="visually-hidden">Every EMA notification of the participant, past and to come</caption>
            <thead>
              <tr>
                <th scope="col">NOTIFICATION TIME</th>
                <th scope="col">TIME ZONE</th>
                <th scope="col">REMINDER</th>
                <th scope="col">QUESTIONNAIRES AND STATE</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <Fragment key={row.key}>
                  {index === today && <TodayRow rowRef={todayRow} date={todayText(now, clock.zone)} />}
                  <tr className={row.at <= now.getTime() ? 'ema-past' : undefined}>
                    <td className="text-nowrap">
                      <time dateTime={row.notifiedAt}>{clock.text(row.notifiedAt, row.timezone)}</time>
                    </td>
                    <td>{row.timezone}</td>
                    <td>{row.reminder ? 'Yes' : 'No'}</td>
                    <td>
                      <ul className="list-unstyled mb-0">
                        {row.questionnaires.map((item) => (
                          <li key={item.taskId}>
                            {item.abbrev}
                            {item.followup && ` (${participantMessages.followupPrompt})`}: <span className={`fw-semibold ${stateClass[item.state]}`}>{emaPromptStateLabels[item.state]}</span>
                            <Moments item={item} clock={clock} zone={row.timezone} />
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                </Fragment>
              ))}
              {today === rows.length && (
                <>
                  <TodayRow rowRef={todayRow} date={todayText(now, clock.zone)} />
                  <tr>
                    <td colSpan={4}>{participantMessages.noUpcomingEma}</td>
                  </tr>
                </>
              )}
            </tbody>
          </Table>
        ))}
    </TasksDialog>
  );
}

function TodayRow({ rowRef, date }: { rowRef: React.Ref<HTMLTableRowElement>; date: string }) {
  return (
    <tr ref={rowRef} className="ema-today">
      <th scope="colgroup" colSpan={4} className="small">
        Today, {date}
      </th>
    </tr>
  );
}
