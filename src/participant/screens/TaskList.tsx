// The study's tasks, grouped by what to do now (tasks/taskGroups.ts); each links to its answer page.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppEmaTask } from '../../shared/types/participantApp';
import { itemRequest } from '../../ui/state/requestState';
import { FailureMessage } from '../components/Alert';
import { useFailureText } from '../errors/useFailureText';
import { KeptNote } from '../offline/KeptNote';
import { useReloadWhenOnline } from '../offline/useReloadWhenOnline';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { dismissAnswer } from '../state/outboxSlice';
import { loadQuestionnaire } from '../state/questionnairesSlice';
import { loadTasks } from '../state/tasksSlice';
import { Link } from '../routing/Link';
import { paths } from '../routing/paths';
import { groupTasks, timeIn } from '../tasks/taskGroups';
import { sanitizeAhead } from '../../ui/richText/RichTextView';
import { questionRichTexts } from '../../ui/questionnaire/richTexts';
import { loadAnswerScreen } from '../answer/answerScreen';

/**
 * The list is redrawn every minute, so "minutes left" and "open now" follow the clock: this device's, or in the
 * portal's pilot frame the pilot's (redrawn at once when it moves).
 */
function useMinuteClock(): Date {
  const offsetMs = useAppSelector((state) => state.pilot.offsetMs);
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    setDeviceNow(Date.now());
    const timer = window.setInterval(() => setDeviceNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, [offsetMs]);
  return useMemo(() => new Date(deviceNow + offsetMs), [deviceNow, offsetMs]);
}

/** alreadyLoading: the study screen started the tasks call as the app opened, and the list makes no second one. */
export function TaskList({ studyId, alreadyLoading = false }: { studyId: string; alreadyLoading?: boolean }) {
  const { t, i18n } = useTranslation();
  const failureText = useFailureText();
  const dispatch = useAppDispatch();
  const tasks = useAppSelector((state) => state.tasks.byStudy[studyId]);
  const request = useAppSelector((state) => itemRequest(state.tasks.itemRequests, 'load', studyId));
  // Shown from the phone's copy (offline): when it was last brought up to date.
  const keptAt = useAppSelector((state) => (state.tasks.kept[studyId] ? (state.tasks.loadedAt[studyId] ?? null) : null));
  const now = useMinuteClock();
  const outbox = useAppSelector((state) => state.outbox.answers);
  const sentTaskIds = useAppSelector((state) => state.outbox.sentTaskIds);
  const notices = useAppSelector((state) => state.outbox.notices).filter((n) => n.studyId === studyId);
  const skipFirstLoad = useRef(alreadyLoading);
  useEffect(() => {
    if (skipFirstLoad.current) {
      skipFirstLoad.current = false;
      return;
    }
    void dispatch(loadTasks(studyId));
  }, [dispatch, studyId]);
  useReloadWhenOnline(useCallback(() => void dispatch(loadTasks(studyId)), [dispatch, studyId]));

  const lang = i18n.language;
  const groups = tasks ? groupTasks(tasks, now) : null;
  // The questionnaires of what can be answered now are loaded (and kept on the phone) while there is network,
  // so that they can be answered without it.
  const known = useAppSelector((state) => state.questionnaires.byId);
  const asked = useAppSelector((state) => state.questionnaires.itemRequests.load);
  const toAnswer = groups
    ? [...new Set([...groups.openNow.map((g) => g.task), ...groups.diaryToday, ...groups.once.filter((o) => o.status !== 'completed'), ...groups.anytime].map((task) => task.questionnaire._id))]
    : [];
  const toKeep = toAnswer.filter((id) => !known[id] && !asked[id]).join(' ');
  useEffect(() => {
    for (const id of toKeep.split(' ').filter(Boolean)) void dispatch(loadQuestionnaire(id));
  }, [dispatch, toKeep]);
  // A tap on a task should cost only drawing its questions: the answer page's code and the questionnaires' texts
  // (sanitised) are made ready while the list is read.
  const somethingToAnswer = toAnswer.length > 0;
  useEffect(() => {
    if (somethingToAnswer) loadAnswerScreen().catch(() => undefined);
  }, [somethingToAnswer]);
  const ready = toAnswer.filter((id) => known[id]).map((id) => known[id]);
  const readyKey = ready.map((q) => q._id).join(' ');
  const readyRef = useRef(ready);
  readyRef.current = ready;
  useEffect(() => {
    const stops = readyRef.current.map((q) => sanitizeAhead(questionRichTexts(q.chin_content)));
    return () => stops.forEach((stop) => stop());
  }, [readyKey]);
  const emaTime = (task: AppEmaTask, at: string) => timeIn(at, task.timezone, lang);
  // A task with an answer in the outbox says so: waiting to be sent, or refused with the server's message.
  const answerLink = (taskId: string, name: string) => {
    const queued = outbox.filter((a) => a.taskId === taskId);
    const waiting = queued.find((a) => a.state === 'waiting');
    const sent = sentTaskIds.includes(taskId);
    return (
      <>
        <Link className="card" href={paths.task(studyId, taskId)}>
          <span className="card-title">{name}</span>
          {waiting ? <span className="badge badge-waiting">{t('answer.waiting')}</span> : sent ? <span className="badge badge-completed">{t('answer.sentBadge')}</span> : null}
        </Link>
        {queued
          .filter((a) => a.state === 'refused')
          .map((a) => (
            <p key={a.id} className="alert alert-error refused">
              {t('answer.refused', { message: failureText(a.message) ?? '' })}{' '}
              <button type="button" className="link-button" onClick={() => void dispatch(dismissAnswer(a.id))}>
                {t('answer.remove')}
              </button>
            </p>
          ))}
      </>
    );
  };
  const nothing =
    groups && groups.openNow.length + groups.diaryToday.length + groups.once.length + groups.anytime.length + groups.laterToday.length === 0;

  return (
    // Until the tasks arrive the list keeps room for them, so what follows it is not pushed down (layout shift).
    <section aria-labelledby="tasks-title" aria-busy={request.status === 'request'} className={tasks ? undefined : 'tasks-waiting'}>
      <div className="row">
        <h2 id="tasks-title">{t('tasks.title')}</h2>
        <button type="button" className="secondary small" onClick={() => void dispatch(loadTasks(studyId))} disabled={request.status === 'request'}>
          {t('tasks.refresh')}
        </button>
      </div>
      {!tasks && request.status !== 'fail' ? <p role="status">{t('app.loading')}</p> : null}
      <FailureMessage request={request} />
      <KeptNote keptAt={keptAt} />
      <div role="status">
        {notices.map((n) => (
          <p key={n.id} className={`alert ${n.kind === 'sent' ? 'alert-ok' : 'alert-waiting'}`}>
            {t(n.kind === 'sent' ? 'answer.sent' : 'answer.queued', { name: n.questionnaireName })}
          </p>
        ))}
      </div>
      {nothing ? <p>{t('tasks.nothingNow')}</p> : null}
      {groups && groups.openNow.length > 0 ? (
        <TaskGroup title={t('tasks.openNow')}>
          {groups.openNow.map(({ task, minutesLeft }) => (
            <li key={task._id}>
              {answerLink(task._id, task.questionnaire.chin_name)}
              <span className="due">
                {t('tasks.timeLeft', { count: minutesLeft })} · {t('tasks.closesAt', { time: emaTime(task, task.window_closes_at) })}
              </span>
            </li>
          ))}
        </TaskGroup>
      ) : null}
      {groups && groups.diaryToday.length > 0 ? (
        <TaskGroup title={t('tasks.diaryToday')}>
          {groups.diaryToday.map((task) => (
            <li key={task._id}>
              {answerLink(task._id, task.questionnaire.chin_name)}
              <span className="due">{t('tasks.daysLeft', { count: task.days_left })}</span>
            </li>
          ))}
        </TaskGroup>
      ) : null}
      {groups && groups.once.length > 0 ? (
        <TaskGroup title={t('tasks.once')}>
          {groups.once.map((task) => (
            <li key={task._id}>
              {task.status === 'completed' ? (
                <p className="card done">
                  <span className="card-title">{task.questionnaire.chin_name}</span>
                  <span className="badge badge-completed">{t('tasks.done')}</span>
                </p>
              ) : (
                answerLink(task._id, task.questionnaire.chin_name)
              )}
            </li>
          ))}
        </TaskGroup>
      ) : null}
      {groups && groups.anytime.length > 0 ? (
        <TaskGroup title={t('tasks.anytime')}>
          {groups.anytime.map((task) => (
            <li key={task._id}>{answerLink(task._id, task.questionnaire.chin_name)}</li>
          ))}
        </TaskGroup>
      ) : null}
      {groups && groups.laterToday.length > 0 ? (
        <TaskGroup title={t('tasks.laterToday')}>
          {groups.laterToday.map((task) => (
            <li key={task._id} className="card later">
              <span className="card-title">{task.questionnaire.chin_name}</span>
              <span className="due">{t('tasks.startsAt', { time: emaTime(task, task.notification_datetime) })}</span>
            </li>
          ))}
        </TaskGroup>
      ) : null}
      {groups && groups.doneToday.length > 0 ? (
        <TaskGroup title={t('tasks.doneToday')}>
          {groups.doneToday.map(({ task, outcome }) => (
            <li key={task._id} className={`card ${outcome}`}>
              <span className="card-title">{task.questionnaire.chin_name}</span>
              <span className="due">
                {emaTime(task, task.notification_datetime)} · <span className={`badge badge-${outcome}`}>{t(`tasks.${outcome}`)}</span>
              </span>
            </li>
          ))}
        </TaskGroup>
      ) : null}
    </section>
  );
}

function TaskGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="task-group">
      <h3>{title}</h3>
      <ul className="cards">{children}</ul>
    </div>
  );
}
