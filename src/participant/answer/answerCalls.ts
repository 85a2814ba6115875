// The calls of an answer page, started by its route while the page's chunk still loads: the study's tasks, and
// the task's questionnaire as soon as the tasks name it (not after the page has rendered with them).
import { useEffect, useRef } from 'react';
import { itemRequest } from '../../ui/state/requestState';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { loadQuestionnaire } from '../state/questionnairesSlice';
import { loadTasks } from '../state/tasksSlice';
import { findTask } from './findTask';

export function useAnswerCalls(studyId: string, taskId: string): void {
  const dispatch = useAppDispatch();
  const haveTasks = useAppSelector((state) => state.tasks.byStudy[studyId] !== undefined);
  const tasksLoading = useAppSelector((state) => itemRequest(state.tasks.itemRequests, 'load', studyId).status === 'request');
  const questionnaireId = useAppSelector((state) => {
    const tasks = state.tasks.byStudy[studyId];
    return tasks ? (findTask(tasks, taskId)?.questionnaire._id ?? null) : null;
  });
  const questionnaireWanted = useAppSelector(
    (state) => questionnaireId !== null && !state.questionnaires.byId[questionnaireId] && itemRequest(state.questionnaires.itemRequests, 'load', questionnaireId).status === 'reset',
  );
  // Once per page: a failed call is not repeated here (the page shows the failure and its own retry).
  const tasksAsked = useRef(haveTasks || tasksLoading);
  useEffect(() => {
    if (tasksAsked.current) return;
    tasksAsked.current = true;
    void dispatch(loadTasks(studyId));
  }, [dispatch, studyId]);
  useEffect(() => {
    if (questionnaireWanted && questionnaireId) void dispatch(loadQuestionnaire(questionnaireId));
  }, [dispatch, questionnaireWanted, questionnaireId]);
}
