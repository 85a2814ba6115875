// Said above what the phone kept while it is shown offline: that it is the phone's copy, and when it was last
// brought up to date (in the app's language, the phone's time).
import { useTranslation } from 'react-i18next';

export function KeptNote({ keptAt }: { keptAt: string | null }) {
  const { t, i18n } = useTranslation();
  if (keptAt === null) return null;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(keptAt));
  return (
    <div className="note kept-note" role="status">
      <p>{t('app.offline')}</p>
      <p>{t('app.lastUpdated', { time })}</p>
    </div>
  );
}
