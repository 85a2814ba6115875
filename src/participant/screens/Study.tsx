// One study: the consent form while it waits for agreement, then the stage's progress message, the task list,
// prompts on this phone and leaving the study. The participation comes from the studies list (loaded here when
// the app opens here).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureMessage } from '../components/Alert';
import { itemRequest } from '../../ui/state/requestState';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { loadParticipations } from '../state/participationsSlice';
import { loadPrompts } from '../state/promptsSlice';
import { loadTasks } from '../state/tasksSlice';
import { Link } from '../routing/Link';
import { paths } from '../routing/paths';
import { PromptSettings } from '../push/PromptSettings';
import { Consent } from './Consent';
import { TaskList } from './TaskList';
import { Withdraw } from './Withdraw';

export function Study({ studyId }: { studyId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const participation = useAppSelector((state) => state.participations.byStudy[studyId]);
  const load = useAppSelector((state) => state.participations.requests.load);
  const known = participation !== undefined;
  // Opening the app here, the tasks call needs only the study's id: it starts beside the studies call, not after
  // it. The task list then makes no second call, unless the participation was not yet enrolled (a task list that
  // appears after consent asks for itself, as the arrival is recorded then).
  const tasksStarted = useRef(false);
  useEffect(() => {
    if (known) return;
    void dispatch(loadParticipations());
    void dispatch(loadTasks(studyId));
    tasksStarted.current = true;
  }, [dispatch, known, studyId]);
  const tasksLoadedHere = useRef<boolean | null>(null);
  const enrolled = participation?.status === 'enrolled';
  useEffect(() => {
    if (enrolled) void dispatch(loadPrompts());
  }, [dispatch, enrolled]);
  // Opening the app here, the screen is drawn once its calls (studies, tasks, the prompts check) have answered,
  // all at once; below the task list, what follows it (prompts, leaving, the way back) waits for the list and the
  // prompts check. Drawn piece by piece, the page would jump as each answer arrived (layout shift).
  const tasksSettled = useAppSelector(
    (state) => state.tasks.byStudy[studyId] !== undefined || itemRequest(state.tasks.itemRequests, 'load', studyId).status === 'fail',
  );
  const promptsSettled = useAppSelector((state) => state.prompts.availability !== null || state.prompts.requests.check.status === 'fail');
  if (participation && tasksLoadedHere.current === null) tasksLoadedHere.current = tasksStarted.current && participation.status === 'enrolled';
  const belowListReady = tasksSettled && promptsSettled;

  if (!participation || (tasksLoadedHere.current && !belowListReady)) {
    const loading = participation !== undefined || load.status === 'request' || load.status === 'reset';
    return (
      <section key="loading" className="screen-loading">
        {loading ? <p role="status">{t('app.loading')}</p> : null}
        <FailureMessage request={participation ? null : load} />
        {!participation && load.status === 'success' ? <p>{t('app.notFound')}</p> : null}
        <p className="links">
          <Link href={paths.home()}>{t('app.back')}</Link>
        </p>
      </section>
    );
  }

  const { study, status, current_stage: stage, consent } = participation;
  return (
    <>
      <section key="study" aria-labelledby="study-title">
        <h1 id="study-title">{study.chin_name}</h1>
        <p className="muted">
          {t('study.stage', { stage: stage.stage_num })} · <span className={`badge badge-${status}`}>{t(`studies.status.${status}`)}</span>
        </p>
        {status === 'invited' && consent.consent_needed ? <Consent participation={participation} /> : null}
        {status === 'enrolled' && stage.chin_progress_message ? (
          <div className="panel">
            <h2>{t('study.progress')}</h2>
            <p className="researcher-text">{stage.chin_progress_message}</p>
          </div>
        ) : null}
        {status === 'withdrawn' ? <p className="note">{t('study.withdrawnNote')}</p> : null}
        {status === 'completed' ? <p className="note">{stage.chin_complete_message || t('study.completedNote')}</p> : null}
      </section>
      {status === 'enrolled' ? <TaskList studyId={studyId} alreadyLoading={tasksLoadedHere.current === true} /> : null}
      {status !== 'enrolled' || belowListReady ? (
        <>
          {status === 'enrolled' ? <PromptSettings /> : null}
          {status === 'enrolled' || status === 'invited' ? <Withdraw studyId={studyId} /> : null}
          <p className="links">
            <Link href={paths.home()}>{t('app.back')}</Link>
          </p>
        </>
      ) : null}
    </>
  );
}
