// The frame's link to the messages screen with the unread count: read when the app starts and whenever it comes
// back to the front (a message may have arrived meanwhile).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { loadMessages } from '../state/messagesSlice';
import { Link } from '../routing/Link';
import { paths } from '../routing/paths';

export function MessagesLink() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const unread = useAppSelector((state) => state.messages.unread);
  useEffect(() => {
    const load = () => {
      if (document.visibilityState === 'visible') void dispatch(loadMessages());
    };
    load();
    document.addEventListener('visibilitychange', load);
    return () => document.removeEventListener('visibilitychange', load);
  }, [dispatch]);
  return (
    <Link href={paths.messages()} aria-label={unread > 0 ? t('messages.linkUnread', { count: unread }) : t('messages.title')}>
      {t('messages.title')}
      {unread > 0 ? (
        <span className="unread-count" aria-hidden="true">
          {unread}
        </span>
      ) : null}
    </Link>
  );
}
