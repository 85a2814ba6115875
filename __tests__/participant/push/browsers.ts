// Made-up browsers for the prompts tests: a user agent, whether the app was opened from the Home Screen, the
// notification permission, and a service worker registration whose pushManager records what the app asks.
export const USER_AGENTS = {
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  // iPadOS 13 and later ask for desktop sites: the iPad says it is a Mac, but has a touch screen.
  ipadSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

/** The server's VAPID public key in the tests: an uncompressed P-256 point's form (65 bytes, the first 4). */
export const VAPID_KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 37) % 256));
export const VAPID_KEY = Buffer.from(VAPID_KEY_BYTES).toString('base64url');

export const SUBSCRIPTION_BODY = {
  endpoint: 'https://push.example.net/send/device-1',
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
};

export interface FakeBrowserOptions {
  userAgent: string;
  /** null: no Notification API at all. */
  permission: NotificationPermission | null;
  /** Safari's navigator.standalone. */
  standalone?: boolean;
  maxTouchPoints?: number;
  pushManager?: boolean;
  /** What the permission question answers when the app asks. */
  answer?: NotificationPermission;
  /** A subscription the phone already holds. */
  subscribed?: boolean;
}

export interface FakeBrowser {
  requestPermission: jest.Mock<Promise<NotificationPermission>, []>;
  subscribe: jest.Mock;
  unsubscribe: jest.Mock;
  /** Whether this phone holds a subscription now. */
  holds(): boolean;
  restore(): void;
}

function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
}

export function fakeBrowser(options: FakeBrowserOptions): FakeBrowser {
  let permission = options.permission ?? 'default';
  let held: PushSubscription | null = null;
  const unsubscribe = jest.fn(async () => {
    held = null;
    return true;
  });
  const makeSubscription = (key: Uint8Array) =>
    ({
      endpoint: SUBSCRIPTION_BODY.endpoint,
      options: { applicationServerKey: key.buffer, userVisibleOnly: true },
      toJSON: () => ({ endpoint: SUBSCRIPTION_BODY.endpoint, expirationTime: null, keys: SUBSCRIPTION_BODY.keys }),
      unsubscribe,
    }) as unknown as PushSubscription;
  if (options.subscribed) held = makeSubscription(VAPID_KEY_BYTES);
  const subscribe = jest.fn(async (o: PushSubscriptionOptionsInit) => {
    held = makeSubscription(new Uint8Array(o.applicationServerKey as ArrayBuffer));
    return held;
  });
  const registration = { pushManager: { getSubscription: jest.fn(async () => held), subscribe } };
  const requestPermission = jest.fn(async () => {
    permission = options.answer ?? 'granted';
    return permission;
  });

  define(navigator, 'userAgent', options.userAgent);
  define(navigator, 'maxTouchPoints', options.maxTouchPoints ?? (options.userAgent.includes('Android') || options.userAgent.includes('iPhone') ? 5 : 0));
  if (options.standalone !== undefined) define(navigator, 'standalone', options.standalone);
  define(window, 'matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
  if (options.permission !== null) {
    const NotificationStub = { get permission() { return permission; }, requestPermission };
    define(window, 'Notification', NotificationStub);
    define(globalThis, 'Notification', NotificationStub);
  }
  if (options.pushManager !== false) define(window, 'PushManager', function PushManager() {});
  define(navigator, 'serviceWorker', {
    ready: Promise.resolve(registration),
    getRegistration: jest.fn(async () => registration),
    addEventListener() {},
  });

  return {
    requestPermission,
    subscribe,
    unsubscribe,
    holds: () => held !== null,
    restore() {
      for (const key of ['userAgent', 'maxTouchPoints', 'standalone', 'serviceWorker']) delete (navigator as unknown as Record<string, unknown>)[key];
      for (const key of ['matchMedia', 'Notification', 'PushManager']) delete (window as unknown as Record<string, unknown>)[key];
      delete (globalThis as Record<string, unknown>).Notification;
    },
  };
}
