// One study: the consent form while it waits for agreement, then the stage's progress message, the task list,
// prompts on this phone and leaving the study. The participation comes from the studies list (loaded here when
// the app opens here).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../components/Alert';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { loadParticipations } from '../state/participationsSlice';
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
  if (participation && tasksLoadedHere.current === null) tasksLoadedHere.current = tasksStarted.current && participation.status === 'enrolled';

  if (!participation) {
    return (
      <section>
        {load.status === 'request' || load.status === 'reset' ? <p role="status">{t('app.loading')}</p> : null}
        <ErrorMessage message={load.status === 'fail' ? load.message : null} />
        {load.status === 'success' ? <p>{t('app.notFound')}</p> : null}
        <p className="links">
          <Link href={paths.home()}>{t('app.back')}</Link>
        </p>
      </section>
    );
  }

  const { study, status, current_stage: stage, consent } = participation;
  return (
    <>
      <section aria-labelledby="study-title">
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
      {status === 'enrolled' ? <PromptSettings /> : null}
      {status === 'enrolled' || status === 'invited' ? <Withdraw studyId={studyId} /> : null}
      <p className="links">
        <Link href={paths.home()}>{t('app.back')}</Link>
      </p>
    </>
  );
}
