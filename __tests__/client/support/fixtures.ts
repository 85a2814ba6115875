// Shapes the server answers, for page and slice tests.
import { ALL_ACCESS } from '../../../src/shared/access';
import type { Lab, LabInfo, LabUser, LabUserSession, LabUserWithAccess, SiteConfig, SystemOwnerSession } from '../../../src/shared/types/identity';

export const FUTURE = '2099-01-01T00:00:00.000Z';
export const PAST = '2000-01-01T00:00:00.000Z';

export const siteConfig: SiteConfig = {
  hostname: 'localhost',
  subdomain: null,
  theme: 'light',
  color: '#c2410c',
  siteName: 'Research Study',
  organization: 1,
  isMainHost: true,
  subdomainAllowed: true,
  organizationNames: { '1': 'Organization One', '2': 'Organization Two' },
  mainHostUrl: 'http://localhost:8080',
  qaTools: false,
  coordinator: { phone: '+852 1234 5678', email: 'coordinator@example.org' },
  privacyPolicyUrl: '/participant_support#privacy',
  poweredBy: 'Powered by the Research Study Portal',
  sessionHours: 12,
  timezones: ['Asia/Hong_Kong', 'Asia/Tokyo'],
};

export function labUserSession(overrides: Partial<LabUserSession> = {}): LabUserSession {
  return {
    _id: 'u1',
    token: 'lab-token',
    expires: FUTURE,
    organization: 1,
    lab: 'lab1',
    isLabManager: false,
    email: 'member@example.org',
    ...overrides,
  };
}

export const managerSession = (overrides: Partial<LabUserSession> = {}) =>
  labUserSession({ _id: 'm1', isLabManager: true, email: 'manager@example.org', ...overrides });

export function ownerSession(overrides: Partial<SystemOwnerSession> = {}): SystemOwnerSession {
  return { _id: 'owner', token: 'owner-token', expires: FUTURE, email: 'owner@example.org', ...overrides };
}

export const lab: Lab = {
  _id: 'lab1',
  name: 'Sleep Lab',
  organization: 1,
  organizationName: 'Organization One',
  createdAt: '2024-03-01T10:00:00.000Z',
};

export const otherLab: Lab = {
  _id: 'lab2',
  name: 'Mood Lab',
  organization: 2,
  organizationName: 'Organization Two',
  createdAt: '2024-02-01T10:00:00.000Z',
};

export const manager: LabUser = {
  _id: 'm1',
  email: 'manager@example.org',
  isLabManager: true,
  lab: 'lab1',
  createdAt: '2024-03-01T10:00:00.000Z',
};

export const member: LabUser = {
  _id: 'u1',
  email: 'member@example.org',
  isLabManager: false,
  lab: 'lab1',
  createdAt: '2024-03-05T12:30:00.000Z',
};

export const memberWithAccess: LabUserWithAccess = { ...member, access: [...ALL_ACCESS] };

export const labInfo: LabInfo = {
  _id: 'lab1',
  name: 'Sleep Lab',
  organization: 1,
  storageUsed: 536870912,
  storageQuota: 2147483648,
};
