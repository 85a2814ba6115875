// Assigned Diary Assessments (part 2 section 2.5): each diary task with its start date, the days it asks
// for and the days left (days from today to its end still without an answer, counted by the server). A date is a
// day of the diary setting's zone, which is named with it (a date has no other clock to show it in).
import { useEffect } from 'react';
import Table from 'react-bootstrap/Table';
import { participantMessages } from '../../../shared/messages';
import type { Participant } from '../../../shared/types/participant';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectDiaryTasks, selectParticipantsRequests, fetchDiaryTasks } from './participantsSlice';
import { TasksDialog } from './TasksDialog';

interface DiaryTasksDialogProps {
  studyId: string;
  participant: Participant;
  onClose: () => void;
}

export function DiaryTasksDialog({ studyId, participant, onClose }: DiaryTasksDialogProps) {
  const dispatch = useAppDispatch();
  const loaded = useAppSelector(selectDiaryTasks);
  const request = useAppSelector(selectParticipantsRequests).diaryTasks;

  useEffect(() => {
    void dispatch(fetchDiaryTasks({ studyId, participantId: participant._id }));
  }, [dispatch, studyId, participant._id]);

  const answer = loaded?.participantId === participant._id && request.status !== 'request' ? loaded.answer : null;

  return (
    <TasksDialog title="Assigned Diary Assessments" titleId="diary-tasks-title" participant={participant} request={request} onClose={onClose}>
      {answer &&
        (answer.diaryAxTasks.length === 0 ? (
          <p>{participantMessages.noDiary}</p>
        ) : (
          <Table size="sm" striped responsive className="align-middle mb-0">
            <thead>
              <tr>
                <th scope="col">QUESTIONNAIRE</th>
                <th scope="col">START DATE</th>
                <th scope="col">DAYS REQUIRED</th>
                <th scope="col">DAYS LEFT</th>
              </tr>
            </thead>
            <tbody>
              {answer.diaryAxTasks.map((task) => (
                <tr key={task._id}>
                  <td>
                    {task.questionnaire.abbrev}
                    <span className="text-body-secondary"> {task.questionnaire.chin_name}</span>
                  </td>
                  <td className="text-nowrap">
                    {task.diary_task_start_date}
                    <span className="text-body-secondary"> ({task.timezone})</span>
                  </td>
                  <td>{task.number_of_days_required}</td>
                  <td>{answer.daysLeft[task._id] ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ))}
    </TasksDialog>
  );
}
