// The notification the service worker shows for a pushed prompt: the questionnaire's name, when to answer by
// (in the participant's language), tagged with the prompt so that a reminder replaces the prompt's notification,
// and the task's address to open; anything that is not the server's payload shows nothing.
import { noticeOf, payloadOf } from '../../../src/participant/serviceWorker/pushNotice';
import type { PushPayload } from '../../../src/shared/push';

const closes = '2026-03-02T06:30:00.000Z';
const prompt: PushPayload = { taskId: 't1', promptId: 't1', studyId: 's1', questionnaire: { chin_name: '心情 Mood' }, window_closes_at: closes };
const time = (language: string) => new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(new Date(closes));

describe('a pushed prompt’s notification', () => {
  it('is titled with the questionnaire, says when its window closes, is tagged with the prompt and opens the task', () => {
    const notice = noticeOf(prompt, 'en');
    expect(notice.title).toBe('心情 Mood');
    expect(notice.options.body).toBe(`Answer by ${time('en')}`);
    expect(notice.options.tag).toBe('t1');
    expect(notice.options.data).toEqual({ url: '/app/studies/s1/tasks/t1', taskId: 't1', studyId: 's1' });
  });

  it("a reminder takes its prompt's tag and address, says it is a reminder, and keeps its own id for the report", () => {
    const notice = noticeOf({ ...prompt, taskId: 'r1' }, 'zh-Hant');
    expect(notice.options.tag).toBe('t1');
    expect(notice.options.renotify).toBe(true);
    expect(notice.options.body).toBe(`提醒：請於 ${time('zh-Hant')} 前回答`);
    expect(notice.options.data).toEqual({ url: '/app/studies/s1/tasks/t1', taskId: 'r1', studyId: 's1' });
  });

  it('reads only the server’s payload', () => {
    expect(payloadOf(JSON.stringify(prompt))).toEqual(prompt);
    expect(payloadOf(null)).toBeNull();
    expect(payloadOf('not json')).toBeNull();
    expect(payloadOf(JSON.stringify({ ...prompt, promptId: undefined }))).toBeNull();
    expect(payloadOf(JSON.stringify({ ...prompt, questionnaire: {} }))).toBeNull();
  });
});
