// The device report's rules (src/shared/devices.ts): each wrong field gets its own message; push on/off and why;
// the platform read from a User-Agent; a phone zone differing from the study's.
import { differingPhoneZone, platformOf, pushState, readDeviceReport, type PushStateInput } from '../../src/shared/devices';
import { deviceMessages } from '../../src/shared/messages';

const good = { pushPermission: 'granted', installed: true, appVersion: '1.0', timezone: 'Asia/Hong_Kong', pendingAnswers: 0 };

describe('readDeviceReport', () => {
  it('reads a right report, trimming the version and keeping a named language', () => {
    expect(readDeviceReport({ ...good, appVersion: ' 1.0 ' })).toEqual({ report: good });
    expect(readDeviceReport({ ...good, language: 'zh-Hant' })).toEqual({ report: { ...good, language: 'zh-Hant' } });
    // A phone set to UTC names it without a slash; an IANA name all the same.
    expect(readDeviceReport({ ...good, timezone: 'UTC' })).toEqual({ report: { ...good, timezone: 'UTC' } });
    expect(readDeviceReport({ ...good, timezone: 'America/Argentina/Buenos_Aires' })).toMatchObject({ report: { timezone: 'America/Argentina/Buenos_Aires' } });
    expect(readDeviceReport({ ...good, pendingAnswers: 100_000, pushPermission: 'unsupported', installed: false })).toEqual({
      report: { ...good, pendingAnswers: 100_000, pushPermission: 'unsupported', installed: false },
    });
  });

  it.each([
    [{ pushPermission: 'prompt' }, deviceMessages.pushPermissionInvalid],
    [{ pushPermission: undefined }, deviceMessages.pushPermissionInvalid],
    [{ installed: 1 }, deviceMessages.installedInvalid],
    [{ appVersion: '' }, deviceMessages.appVersionInvalid],
    [{ appVersion: 'x'.repeat(65) }, deviceMessages.appVersionInvalid],
    [{ timezone: 'Nowhere/Town' }, deviceMessages.timezoneInvalid],
    [{ timezone: '+08:00' }, deviceMessages.timezoneInvalid],
    [{ timezone: 'Asia/../Hong_Kong' }, deviceMessages.timezoneInvalid],
    [{ timezone: `Asia/${'x'.repeat(64)}` }, deviceMessages.timezoneInvalid],
    [{ pendingAnswers: -1 }, deviceMessages.pendingAnswersInvalid],
    [{ pendingAnswers: 0.5 }, deviceMessages.pendingAnswersInvalid],
    [{ pendingAnswers: Number.NaN }, deviceMessages.pendingAnswersInvalid],
    [{ language: 'zh' }, deviceMessages.languageInvalid],
    [{ language: null }, deviceMessages.languageInvalid],
  ])('refuses %j with its message', (change, problem) => {
    expect(readDeviceReport({ ...good, ...change })).toEqual({ problem });
  });
});

describe('pushState', () => {
  const base: PushStateInput = { pushPermission: 'granted', installed: true, platform: 'other', hasSubscription: true, pushLost: false };
  it.each<[string, Partial<PushStateInput>, ReturnType<typeof pushState>]>([
    ['a subscription', {}, { push: 'on', pushOffReason: null }],
    ['a subscription, though a push was lost before', { pushLost: true }, { push: 'on', pushOffReason: null }],
    ['an iPhone, not installed', { platform: 'ios', installed: false, pushPermission: 'unsupported', hasSubscription: false }, { push: 'off', pushOffReason: 'notInstalled' }],
    ['an iPhone, installed, subscribed', { platform: 'ios' }, { push: 'on', pushOffReason: null }],
    ['another phone, not installed, subscribed', { installed: false }, { push: 'on', pushOffReason: null }],
    ['notifications denied, a subscription still stored', { pushPermission: 'denied' }, { push: 'off', pushOffReason: 'denied' }],
    ['a browser without push', { pushPermission: 'unsupported', hasSubscription: false }, { push: 'off', pushOffReason: 'unsupported' }],
    ['a lost push', { hasSubscription: false, pushLost: true }, { push: 'off', pushOffReason: 'lost' }],
    ['no subscription, never asked', { pushPermission: 'default', hasSubscription: false }, { push: 'off', pushOffReason: 'noSubscription' }],
  ])('%s', (_name, change, expected) => {
    expect(pushState({ ...base, ...change })).toEqual(expected);
  });
});

describe('platformOf', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15', 'ios'],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)', 'ios'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/124.0', 'other'],
    [undefined, 'other'],
  ])('%s → %s', (userAgent, platform) => {
    expect(platformOf(userAgent)).toBe(platform);
  });
});

describe("the study's zone", () => {
  it("names the phone's zone only when it differs from a known study zone", () => {
    expect(differingPhoneZone({ timezone: 'Europe/London' }, 'Asia/Hong_Kong')).toBe('Europe/London');
    expect(differingPhoneZone({ timezone: 'Asia/Hong_Kong' }, 'Asia/Hong_Kong')).toBeNull();
    expect(differingPhoneZone({ timezone: 'Europe/London' }, null)).toBeNull();
  });
});
