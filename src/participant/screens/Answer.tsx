// The answer page of a task: the questionnaire as planned (QuestionnaireForm of src/ui), every refusal of the
// server's checks shown at its question before sending, then the answer kept in the outbox and sent. Without
// network it stays on the phone and is sent later; the task list says so. An EMA task is reported `opened`.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyAnswerChange, formProblems, toAnswerItems, type AnswerChange } from '../../shared/questionnaire/formAnswers';
import { shownTexts } from '../../shared/questionnaire/piping';
import type { Answers } from '../../shared/questionnaire/visibility';
import { drawShownOrder, seedOf } from '../../shared/questionnaire/shuffles';
import type { AnswerRefusal } from '../../shared/types/participantApp';
import { itemRequest } from '../../ui/state/requestState';
import { QuestionnaireForm } from '../../ui/questionnaire';
import { answerTaskId, findTask, type AnyTask } from '../answer/findTask';
import { formTexts } from '../answer/formTexts';
import { choosePhoto } from '../answer/photos';
import { FailureMessage } from '../components/Alert';
import { toRequestFailure } from '../api/client';
import { useFailureText } from '../errors/useFailureText';
import type { PendingPhoto } from '../queue/outboxDb';
import { Link } from '../routing/Link';
import { navigate } from '../routing/history';
import { paths } from '../routing/paths';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { reportTaskEvents, submitAnswer } from '../state/outboxSlice';
import { loadQuestionnaire } from '../state/questionnairesSlice';
import { loadTasks } from '../state/tasksSlice';

const ID_PREFIX = 'answer';

export function Answer({ studyId, taskId }: { studyId: string; taskId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const tasks = useAppSelector((state) => state.tasks.byStudy[studyId]);
  const tasksRequest = useAppSelector((state) => itemRequest(state.tasks.itemRequests, 'load', studyId));
  const task = tasks ? findTask(tasks, taskId) : null;
  const haveTasks = tasks !== undefined;
  // The route may have started the call already (answer/answerCalls.ts); one call is enough.
  const tasksLoadingAtOpen = useRef(tasksRequest.status === 'request');
  useEffect(() => {
    if (!haveTasks && !tasksLoadingAtOpen.current) void dispatch(loadTasks(studyId));
  }, [dispatch, haveTasks, studyId]);

  if (!task) {
    return (
      <section>
        {!tasks && tasksRequest.status !== 'fail' ? <p role="status">{t('app.loading')}</p> : null}
        <FailureMessage request={tasksRequest} />
        {tasks ? <p>{t('answer.taskMissing')}</p> : null}
        <p className="links">
          <Link href={paths.study(studyId)}>{t('answer.backToTasks')}</Link>
        </p>
      </section>
    );
  }
  return <AnswerTask key={task._id} studyId={studyId} task={task} />;
}

function AnswerTask({ studyId, task }: { studyId: string; task: AnyTask }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const dispatch = useAppDispatch();
  const session = useAppSelector((state) => state.session.session);
  const questionnaireId = task.questionnaire._id;
  const questionnaire = useAppSelector((state) => state.questionnaires.byId[questionnaireId]);
  const request = useAppSelector((state) => itemRequest(state.questionnaires.itemRequests, 'load', questionnaireId));
  const sending = useAppSelector((state) => state.outbox.requests.submit.status === 'request');
  // One submissionId per answer, and the moment the page opened: both stay the same for every retry.
  const [submissionId] = useState(() => crypto.randomUUID());
  const [startedAt] = useState(() => new Date().toISOString());
  const [answers, setAnswers] = useState<Answers>({});
  const [problems, setProblems] = useState<AnswerRefusal[]>([]);
  const photos = useRef(new Map<string, PendingPhoto>());
  // t is bound to the language, so it changes when the language does.
  const texts = useMemo(() => formTexts(t), [t]);
  // Shuffled questions and choices in an order drawn from the submissionId: the same on every render and reload
  // of the questionnaire, and sent with the answer (issue 34 part 4).
  const shownOrder = useMemo(
    () => (questionnaire ? drawShownOrder(questionnaire.chin_content, questionnaire.mc_sets, questionnaire.shuffle_runs ?? [], seedOf(submissionId)) : undefined),
    [questionnaire, submissionId],
  );

  // Loaded again on opening (its media addresses expire), unless the route's call for it is still on its way.
  const loadingAtOpen = useRef(request.status === 'request');
  useEffect(() => {
    if (!loadingAtOpen.current) void dispatch(loadQuestionnaire(questionnaireId));
  }, [dispatch, questionnaireId]);

  // Opening an EMA task is reported once per page, through the outbox (it waits there when offline).
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current || !session || task.kind !== 'ema' || (task.status !== 'planned' && task.status !== 'delivered')) return;
    reported.current = true;
    const events = [{ taskId: task._id, kind: 'opened' as const, at: new Date().toISOString() }];
    void dispatch(reportTaskEvents({ studyId, participantId: session.participant._id, token: session.token, events }));
  }, [dispatch, session, studyId, task]);

  const onChange = useCallback((change: AnswerChange) => setAnswers((current) => applyAnswerChange(current, change)), []);
  const media = questionnaire?.media.urls;
  const mediaUrl = useCallback((key: string) => media?.[key] ?? null, [media]);
  const onPhotoChosen = useCallback(
    // A refusal shows in the server's words, any other failure in the participant's (never a library's text).
    (file: File) =>
      choosePhoto(file, session?.token ?? '', (photo) => photos.current.set(photo.marker, photo)).catch((error: unknown) => {
        throw new Error(failureText(toRequestFailure(error).message) ?? '');
      }),
    [session, failureText],
  );

  const showAt = (found: AnswerRefusal[]) => {
    setProblems(found);
    const first = found.find((p) => p.question_pos !== undefined);
    const section = first ? document.getElementById(`${ID_PREFIX}-q${first.question_pos}`) : null;
    section?.querySelector<HTMLElement>('input, textarea, select, button')?.focus();
    section?.scrollIntoView?.({ block: 'center' });
  };

  const send = async () => {
    if (!questionnaire || !session) return;
    const found = formProblems(questionnaire.chin_content, questionnaire.mc_sets, answers);
    if (found.length > 0) {
      showAt(found);
      return;
    }
    setProblems([]);
    const items = toAnswerItems(questionnaire.chin_content, answers);
    // The texts as the participant saw them, when some quoted answers: kept with the answer for the export.
    const shown = shownTexts(questionnaire.chin_content, questionnaire.mc_sets, answers, questionnaire.earlier_answers);
    const held = new Set(items.map((a) => a.value));
    const done = await dispatch(
      submitAnswer({
        kind: 'response',
        id: submissionId,
        studyId,
        participantId: session.participant._id,
        token: session.token,
        createdAt: new Date().toISOString(),
        state: 'waiting',
        attempts: 0,
        nextTryAt: 0,
        message: null,
        taskId: task._id,
        questionnaireName: task.questionnaire.chin_name,
        photos: [...photos.current.values()].filter((p) => held.has(p.marker)),
        body: {
          submissionId,
          taskId: answerTaskId(task),
          questionnaireId,
          startedAt,
          submittedAt: new Date().toISOString(),
          answers: items,
          ...(shownOrder ? { shown_order: shownOrder } : {}),
          ...(shown ? { shown_texts: shown } : {}),
        },
      }),
    );
    if (submitAnswer.rejected.match(done)) {
      const refusal = done.payload;
      if (!refusal) return;
      const where: AnswerRefusal = { message: failureText(refusal.message) ?? '' };
      if (refusal.question_pos !== undefined) where.question_pos = refusal.question_pos;
      if (refusal.response_pos !== undefined) where.response_pos = refusal.response_pos;
      showAt([where]);
      return;
    }
    if (done.payload === 'sent') void dispatch(loadTasks(studyId));
    navigate(paths.study(studyId));
  };

  const problemCount = problems.length;
  return (
    <section aria-labelledby="answer-title" aria-busy={request.status === 'request'}>
      <h1 id="answer-title">{task.questionnaire.chin_name}</h1>
      {!questionnaire && request.status !== 'fail' ? <p role="status">{t('app.loading')}</p> : null}
      <FailureMessage request={questionnaire ? null : request} />
      {questionnaire ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <QuestionnaireForm
            questions={questionnaire.chin_content}
            sets={questionnaire.mc_sets}
            answers={answers}
            onChange={onChange}
            problems={problems}
            mediaUrl={mediaUrl}
            onPhotoChosen={onPhotoChosen}
            idPrefix={ID_PREFIX}
            headingLevel={2}
            texts={texts}
            shownOrder={shownOrder}
            shuffleRuns={questionnaire.shuffle_runs}
            earlier={questionnaire.earlier_answers}
          />
          {problemCount > 0 ? (
            <p className="alert alert-error" role="alert">
              {t('answer.fixProblems', { count: problemCount })}
            </p>
          ) : null}
          <button type="submit" className="primary" disabled={sending}>
            {sending ? t('answer.sending') : t('answer.send')}
          </button>
        </form>
      ) : null}
      <p className="links">
        <Link href={paths.study(studyId)}>{t('answer.backToTasks')}</Link>
      </p>
    </section>
  );
}
