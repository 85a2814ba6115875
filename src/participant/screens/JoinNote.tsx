// On the account screens reached from a join link: which study the participant is about to join.
import { useTranslation } from 'react-i18next';
import { APP_BASE } from '../routing/paths';

const JOIN = `${APP_BASE}/join/`;

export function JoinNote({ next }: { next: string | null }) {
  const { t } = useTranslation();
  if (!next?.startsWith(JOIN)) return null;
  const code = decodeURIComponent(next.slice(JOIN.length));
  return <p className="note">{t('account.joinAfter', { code })}</p>;
}
