// Study Progress (/participants/check_progress/{studyId}). Until progress itself is built (the next issue),
// the page shows how many participants each stage and group holds.
import { useEffect } from 'react';
import Table from 'react-bootstrap/Table';
import { useParams } from 'react-router-dom';
import { participantMessages } from '../../../shared/messages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { groupLabel, stageLabel } from './labels';
import { selectParticipantCounts, selectParticipantStudy, selectParticipantsRequests } from './participantsSlice';
import { fetchParticipantCounts } from './participantsThunks';
import { StudyHeading } from './StudyHeading';
import { useParticipantStudy } from './useParticipantStudy';

export default function StudyProgressPage() {
  const { studyId = '' } = useParams();
  const dispatch = useAppDispatch();
  const { ready, replaying } = useParticipantStudy(studyId);
  const study = useAppSelector(selectParticipantStudy);
  const loaded = useAppSelector(selectParticipantCounts);
  const request = useAppSelector(selectParticipantsRequests).counts;

  useEffect(() => {
    if (ready && !replaying) void dispatch(fetchParticipantCounts(studyId));
  }, [dispatch, studyId, ready, replaying]);

  const counts = loaded?.studyId === studyId ? loaded.answer : null;

  return (
    <>
      <StudyHeading title="Study Progress" study={study} />
      {!counts ? (
        request.status !== 'fail' && <Loading />
      ) : counts.total === 0 ? (
        <EmptyState message={participantMessages.noParticipants} />
      ) : (
        <Table responsive className="align-middle">
          <caption>Participants in each stage and group: {counts.total.toLocaleString('en-US')} in all</caption>
          <thead>
            <tr>
              <th scope="col">STAGE</th>
              <th scope="col">GROUP</th>
              <th scope="col">PARTICIPANTS</th>
            </tr>
          </thead>
          <tbody>
            {counts.stages.map((stage) =>
              stage.groups.map((group, i) => (
                <tr key={group._id}>
                  {i === 0 && (
                    <th scope="rowgroup" rowSpan={stage.groups.length} className="fw-normal">
                      {stageLabel(stage)}
                      <div className="small text-body-secondary">{stage.participants.toLocaleString('en-US')} in this stage</div>
                    </th>
                  )}
                  <td>{groupLabel(group)}</td>
                  <td>{group.participants.toLocaleString('en-US')}</td>
                </tr>
              )),
            )}
          </tbody>
        </Table>
      )}
    </>
  );
}
