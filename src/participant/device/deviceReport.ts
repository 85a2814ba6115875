// What the app reports of this phone (POST /api/app/device, issue 33): whether it can and may show notifications,
// whether it runs from the Home Screen, its version, its time zone, the answers it keeps unsent and its language.
import { APP_LANGUAGES, type AppLanguage, type DeviceReportBody, type PushPermission } from '../../shared/devices';
import { isInstalled, type BrowserTraits } from '../push/availability';

/** The build's version (webpack's define, from package.json and the commit); a development build has none. */
export const APP_VERSION = process.env.APP_VERSION || 'development';

export function pushPermissionOf(traits: BrowserTraits): PushPermission {
  if (!traits.serviceWorker || !traits.pushManager || traits.permission === null) return 'unsupported';
  return traits.permission;
}

/** The phone's IANA zone; UTC when the browser names none. */
export function phoneZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function deviceReport(traits: BrowserTraits, pendingAnswers: number, language: string, timezone: string = phoneZone()): DeviceReportBody {
  const report: DeviceReportBody = {
    pushPermission: pushPermissionOf(traits),
    installed: isInstalled(traits),
    appVersion: APP_VERSION,
    timezone,
    pendingAnswers,
  };
  const appLanguage: AppLanguage | undefined = APP_LANGUAGES.find((l) => l === language);
  return appLanguage ? { ...report, language: appLanguage } : report;
}
