// Whether this browser can prompt the participant, and if not, why: it decides which explanation the app shows.
// iPhone and iPad browsers support Web Push only for a web app added to the Home Screen and opened from there.

export type PushAvailability =
  /** An iPhone or iPad browser, the app not opened from the Home Screen. */
  | 'install-first'
  /** No service worker, Push API or notifications in this browser. */
  | 'unsupported'
  /** The participant (or the browser) refused notifications to this site. */
  | 'denied'
  /** Not asked yet: the explanation and the button. */
  | 'ask'
  /** Allowed: the app can subscribe without asking again. */
  | 'granted';

/** What the detection reads of the browser (the real one in the app, a made-up one in tests). */
export interface BrowserTraits {
  userAgent: string;
  maxTouchPoints: number;
  /** Safari's navigator.standalone: true when opened from the Home Screen. */
  standalone: boolean | undefined;
  displayModeStandalone: boolean;
  serviceWorker: boolean;
  pushManager: boolean;
  permission: NotificationPermission | null;
}

export function browserTraits(): BrowserTraits {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: nav.standalone,
    displayModeStandalone: typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches,
    serviceWorker: 'serviceWorker' in nav,
    pushManager: 'PushManager' in window,
    permission: 'Notification' in window ? Notification.permission : null,
  };
}

/** iPhone, iPod, or iPad (which since iPadOS 13 calls itself a Mac, but one with a touch screen). */
export function isAppleMobile(traits: Pick<BrowserTraits, 'userAgent' | 'maxTouchPoints'>): boolean {
  return /\b(iPhone|iPad|iPod)\b/.test(traits.userAgent) || (/\bMacintosh\b/.test(traits.userAgent) && traits.maxTouchPoints > 1);
}

export function isInstalled(traits: Pick<BrowserTraits, 'standalone' | 'displayModeStandalone'>): boolean {
  return traits.standalone === true || traits.displayModeStandalone;
}

export function pushAvailability(traits: BrowserTraits): PushAvailability {
  if (isAppleMobile(traits) && !isInstalled(traits)) return 'install-first';
  if (!traits.serviceWorker || !traits.pushManager || traits.permission === null) return 'unsupported';
  if (traits.permission === 'denied') return 'denied';
  return traits.permission === 'granted' ? 'granted' : 'ask';
}
