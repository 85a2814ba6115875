// The task of an answer page among a study's tasks, whatever its kind.
import type { AppDiaryTask, AppEmaTask, AppOpenTask, AppTasksAnswer } from '../../shared/types/participantApp';

export type AnyTask = AppEmaTask | AppDiaryTask | AppOpenTask;

export function findTask(tasks: AppTasksAnswer, taskId: string): AnyTask | null {
  return [...tasks.ema, ...tasks.diary, ...tasks.once, ...tasks.anytime].find((t) => t._id === taskId) ?? null;
}

/** The task id an answer names: an anytime task is answered with none (PARTICIPANTS.md), the others by id. */
export function answerTaskId(task: AnyTask): string | null {
  return task.kind === 'anytime' ? null : task._id;
}
