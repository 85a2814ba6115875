// Participant List (/participants/{studyId}, part 2 section 2.5): the study's participants, filtered by stage
// and group; Create New Participant with its permission entry; per row, once a stage and group are chosen,
// Assign To Another Stage, EMA Schedule, Assigned Diary Assessments, Download Image Data, Withdraw and Mark As
// Completed, and a panel of the stage's and group's data downloads. Until both are chosen, a line in that
// panel's place says what choosing them offers (as Study Progress does). Join Link gives the link and QR code
// that participants join the study by in the app (issue 19). Send Message writes to participants listed (issue 33).
// Assign at random allocates listed participants of stage 1 to groups of a later stage (issue 34).
import { useCallback, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useParams } from 'react-router-dom';
import { hasAccess } from '../../../shared/access';
import { joinLinkTexts, participantMessages } from '../../../shared/messages';
import { inboxTexts } from '../../../shared/inbox';
import { allocationRuleTexts, allocationTexts } from '../../../shared/allocation';
import { participantListTexts } from '../../../shared/participantList';
import type { Participant } from '../../../shared/types/participant';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { selectAllAccess } from '../auth';
import { ParticipantListDownloads } from '../downloads';
import { AllocateDialog } from './AllocateDialog';
import { AllocationRuleDialog } from './AllocationRuleDialog';
import { AssignStageDialog } from './AssignStageDialog';
import { ClockToggle } from './clock/ClockToggle';
import { useParticipantClock } from './clock/useClock';
import { CreateParticipantDialog } from './CreateParticipantDialog';
import { DiaryTasksDialog } from './DiaryTasksDialog';
import { EmaScheduleDialog } from './EmaScheduleDialog';
import { JoinLinkDialog } from './JoinLinkDialog';
import { ParticipantFilterPanel } from './ParticipantFilterPanel';
import { ParticipationEndDialog } from './ParticipationEndActions';
import { EraseParticipantDialog } from './EraseParticipantDialog';
import type { RowAction } from './ParticipantRow';
import { filterGroupChosen, filterStageChosen, selectParticipantFilter, selectParticipantStudy, selectParticipantsRequests, selectShownParticipants, fetchParticipants } from './participantsSlice';
import { ParticipantTable } from './ParticipantTable';
import { SendMessageDialog } from './SendMessageDialog';
import { StudyHeading } from './StudyHeading';
import { useParticipantStudy } from './useParticipantStudy';

type OpenDialog = { kind: 'create' } | { kind: 'joinLink' } | { kind: 'message' } | { kind: 'allocate' } | { kind: 'allocationRule' } | { kind: RowAction; participant: Participant };

export default function ParticipantListPage() {
  const { studyId = '' } = useParams();
  const dispatch = useAppDispatch();
  const { ready, replaying } = useParticipantStudy(studyId);
  const study = useAppSelector(selectParticipantStudy);
  const filter = useAppSelector(selectParticipantFilter);
  const participants = useAppSelector(selectShownParticipants);
  const requests = useAppSelector(selectParticipantsRequests);
  const canCreate = hasAccess(useAppSelector(selectAllAccess), 'createParticipant');
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const { stageId, groupId } = filter;
  const clock = useParticipantClock();

  const reload = useCallback(() => {
    void dispatch(fetchParticipants({ studyId, stageId, groupId }));
  }, [dispatch, studyId, stageId, groupId]);

  useEffect(() => {
    if (ready && !replaying) reload();
  }, [ready, replaying, reload]);

  const onAction = useCallback((kind: RowAction, participant: Participant) => setDialog({ kind, participant }), []);
  const close = useCallback(() => setDialog(null), []);
  const showActions = Boolean(stageId && groupId);

  return (
    <>
      <StudyHeading title={participantListTexts.title} study={study} />
      <ParticipantFilterPanel
        study={study}
        filter={filter}
        onStage={(id) => dispatch(filterStageChosen(id))}
        onGroup={(id) => dispatch(filterGroupChosen(id))}
      >
        {(canCreate || study?.study_code || Boolean(participants?.length)) && (
          <div className="d-flex flex-wrap gap-2">
            {Boolean(participants?.length) && (
              <Button variant="outline-primary" onClick={() => setDialog({ kind: 'message' })}>
                {inboxTexts.button}
              </Button>
            )}
            {Boolean(participants?.length) && study && study.stage_list.length > 1 && (
              <Button variant="outline-primary" onClick={() => setDialog({ kind: 'allocate' })}>
                {allocationTexts.button}
              </Button>
            )}
            {study && study.stage_list.length > 1 && (
              <Button variant="outline-primary" onClick={() => setDialog({ kind: 'allocationRule' })}>
                {allocationRuleTexts.button}
              </Button>
            )}
            {study?.study_code && (
              <Button variant="outline-primary" onClick={() => setDialog({ kind: 'joinLink' })}>
                {joinLinkTexts.button}
              </Button>
            )}
            {canCreate && <Button onClick={() => setDialog({ kind: 'create' })}>Create New Participant</Button>}
          </div>
        )}
      </ParticipantFilterPanel>
      {showActions ? (
        study && stageId && groupId && <ParticipantListDownloads study={study} stageId={stageId} groupId={groupId} />
      ) : (
        <p className="text-body-secondary mb-3">{participantListTexts.chooseStageAndGroup}</p>
      )}
      {participants === null ? (
        requests.list.status !== 'fail' && <Loading />
      ) : participants.length === 0 ? (
        <EmptyState message={participantMessages.noParticipants} />
      ) : (
        <>
          <p className="text-body-secondary small mb-2" aria-live="polite">
            {participants.length === 1 ? '1 participant' : `${participants.length.toLocaleString('en-US')} participants`}
          </p>
          <ClockToggle clock={clock} idPrefix="participants" />
          <ParticipantTable studyId={studyId} participants={participants} showActions={showActions} onAction={onAction} />
        </>
      )}
      {dialog?.kind === 'joinLink' && study && <JoinLinkDialog study={study} onClose={close} />}
      {dialog?.kind === 'message' && participants && <SendMessageDialog studyId={studyId} participants={participants} onClose={close} />}
      {dialog?.kind === 'allocate' && study && participants && (
        <AllocateDialog study={study} participants={participants} onClose={close} onAllocated={reload} />
      )}
      {dialog?.kind === 'allocationRule' && study && <AllocationRuleDialog study={study} onClose={close} />}
      {dialog?.kind === 'create' && <CreateParticipantDialog studyId={studyId} onClose={close} onCreated={reload} />}
      {dialog?.kind === 'assign' && study && (
        <AssignStageDialog study={study} participant={dialog.participant} onClose={close} onAssigned={reload} />
      )}
      {dialog?.kind === 'ema' && <EmaScheduleDialog studyId={studyId} participant={dialog.participant} onClose={close} />}
      {dialog?.kind === 'diary' && <DiaryTasksDialog studyId={studyId} participant={dialog.participant} onClose={close} />}
      {(dialog?.kind === 'withdrawn' || dialog?.kind === 'completed') && (
        <ParticipationEndDialog participant={dialog.participant} to={dialog.kind} onClose={close} />
      )}
      {dialog?.kind === 'erase' && <EraseParticipantDialog participant={dialog.participant} onClose={close} />}
    </>
  );
}
