// What came due when the pilot's clock moved, shown as the phone's notification would announce it (issue 20).
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { pilotDueDismissed } from './pilotSlice';

export function PilotBanner() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const due = useAppSelector((state) => state.pilot.due);
  return (
    <div role="status" aria-live="polite">
      {due.length > 0 ? (
        <div className="alert alert-waiting pilot-banner">
          <ul>
            {due.map((d) => (
              <li key={d.taskId}>{t(d.reminder ? 'pilot.reminderDue' : 'pilot.promptDue', { name: d.name })}</li>
            ))}
          </ul>
          <button type="button" className="link-button" onClick={() => dispatch(pilotDueDismissed())}>
            {t('pilot.dismiss')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
