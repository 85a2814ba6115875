// Messages from the research teams, newest first. Those unread when the screen first showed them are marked
// read then (the server keeps the first moment), and keep their "New" mark while the screen stays open.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureMessage } from '../components/Alert';
import { KeptNote } from '../offline/KeptNote';
import { useReloadWhenOnline } from '../offline/useReloadWhenOnline';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { loadMessages, markMessageRead } from '../state/messagesSlice';

export function Messages() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { list, requests, keptAt } = useAppSelector((state) => state.messages);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const load = useCallback(() => void dispatch(loadMessages()), [dispatch]);
  useEffect(load, [load]);
  useReloadWhenOnline(load);

  // Marked read only from the server's own answer (not the phone's copy shown offline: the call would fail).
  const unread = keptAt === null && requests.load.status === 'success' ? list.filter((m) => m.readAt === null).map((m) => m._id) : [];
  const unreadKey = unread.join(',');
  useEffect(() => {
    if (unreadKey === '') return;
    const ids = unreadKey.split(',');
    setFresh((shown) => new Set([...shown, ...ids]));
    for (const id of ids) void dispatch(markMessageRead(id));
  }, [unreadKey, dispatch]);

  const when = (moment: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(moment));

  return (
    <section aria-labelledby="messages-title">
      <h1 id="messages-title">{t('messages.title')}</h1>
      {requests.load.status === 'request' && list.length === 0 ? <p role="status">{t('app.loading')}</p> : null}
      <FailureMessage request={requests.load} />
      <KeptNote keptAt={keptAt} />
      {requests.load.status === 'success' && list.length === 0 ? <p>{t('messages.none')}</p> : null}
      <ul className="cards">
        {list.map((m) => (
          <li key={m._id}>
            <article className="card message" aria-label={t('messages.from', { study: m.studyName })}>
              <p className="message-head">
                <span className="card-title">{m.studyName}</span>
                {fresh.has(m._id) || m.readAt === null ? <span className="badge badge-new">{t('messages.new')}</span> : null}
              </p>
              <p className="message-time">
                <time dateTime={m.sentAt}>{when(m.sentAt)}</time>
              </p>
              <p className="message-text">{m.text}</p>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
