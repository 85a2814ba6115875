// EMA Schedule (part 2 section 2.5): the participant's notifications still to come, grouped by time, time
// zone and reminder flag, each time in the zone it was planned in.
import { useEffect } from 'react';
import Table from 'react-bootstrap/Table';
import { participantMessages } from '../../../shared/messages';
import type { Participant } from '../../../shared/types/participant';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { scheduleRows } from './emaSchedule';
import { selectEmaTasks, selectParticipantsRequests } from './participantsSlice';
import { fetchEmaTasks } from './participantsThunks';
import { TasksDialog } from './TasksDialog';

interface EmaScheduleDialogProps {
  studyId: string;
  participant: Participant;
  onClose: () => void;
}

export function EmaScheduleDialog({ studyId, participant, onClose }: EmaScheduleDialogProps) {
  const dispatch = useAppDispatch();
  const loaded = useAppSelector(selectEmaTasks);
  const request = useAppSelector(selectParticipantsRequests).emaTasks;

  useEffect(() => {
    void dispatch(fetchEmaTasks({ studyId, participantId: participant._id }));
  }, [dispatch, studyId, participant._id]);

  const tasks = loaded?.participantId === participant._id && request.status !== 'request' ? loaded.tasks : null;
  const rows = tasks ? scheduleRows(tasks, new Date()) : null;

  return (
    <TasksDialog title="EMA Schedule" titleId="ema-schedule-title" participant={participant} request={request} onClose={onClose}>
      {rows &&
        (rows.length === 0 ? (
          <p>{participantMessages.noUpcomingEma}</p>
        ) : (
          <Table size="sm" striped responsive className="align-middle mb-0">
            <thead>
              <tr>
                <th scope="col">NOTIFICATION TIME</th>
                <th scope="col">TIME ZONE</th>
                <th scope="col">REMINDER</th>
                <th scope="col">QUESTIONNAIRES</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <td className="text-nowrap">{row.time}</td>
                  <td>{row.timezone}</td>
                  <td>{row.reminder ? 'Yes' : 'No'}</td>
                  <td>{row.questionnaires.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ))}
    </TasksDialog>
  );
}
