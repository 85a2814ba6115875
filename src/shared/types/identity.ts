// The shapes of the sign-in, lab and lab-user calls, shared by the server's schemas and the browser's slices.
import type { AccessEntry } from '../access';
import type { Organization } from '../organizations';
import type { HostBranding } from '../branding';

export interface LabUserSession {
  _id: string;
  token: string;
  expires: string;
  organization: Organization;
  lab: string;
  isLabManager: boolean;
  email: string;
  /** The account must add a second factor first: the session serves only that (issue 36). */
  secondFactorSetupRequired?: true;
}

export interface SystemOwnerSession {
  _id: string;
  token: string;
  expires: string;
  email: string;
  secondFactorSetupRequired?: true;
}

export interface LoginBody {
  email: string;
  password: string;
  organization: Organization;
}

export interface LabUser {
  _id: string;
  email: string;
  isLabManager: boolean;
  lab: string;
  createdAt: string;
}

export interface LabUserWithAccess extends LabUser {
  access: AccessEntry[];
}

export interface Lab {
  _id: string;
  name: string;
  organization: Organization;
  organizationName: string;
  createdAt: string;
}

export interface LabWithUsers {
  lab: Lab;
  users: LabUser[];
}

export interface LabInfo {
  _id: string;
  name: string;
  organization: Organization;
  storageUsed: number;
  storageQuota: number;
}

export interface CreateLabBody {
  labName: string;
  email: string;
  password: string;
  organization: Organization;
}

export interface RegisterByManagerBody {
  email: string;
  password: string;
  lab: string;
  /** The new user's permission entries; without it, NEW_LAB_USER_ACCESS (src/shared/access.ts). */
  access?: AccessEntry[];
}

export interface RegisterByOwnerBody {
  email: string;
  password: string;
  isLabManager: boolean;
  /** As RegisterByManagerBody's; a lab manager holds every entry whatever is sent. */
  access?: AccessEntry[];
}

export interface UpdateUserBody {
  _id?: string;
  email: string;
  password?: string;
  isLabManager: boolean;
  access?: AccessEntry[];
}

export interface MessageAnswer {
  message: string;
}

export interface SiteConfig extends HostBranding {
  organizationNames: Record<string, string>;
  mainHostUrl: string;
  qaTools: boolean;
  coordinator: { phone: string; email: string };
  privacyPolicyUrl: string;
  poweredBy: string;
  sessionHours: number;
  /** IANA time zones offered for EMA and diary settings (PORTAL_TIMEZONES), the default first. */
  timezones: string[];
}
