// Table types for Kysely. Timestamps are ISO-8601 strings and flags are 0/1 integers, so that the same
// queries and migrations serve SQLite and PostgreSQL.
import type { Insertable, Selectable, Updateable } from 'kysely';

export interface LabsTable {
  id: string;
  name: string;
  organization: number;
  created_at: string;
}

export interface LabUsersTable {
  id: string;
  lab_id: string;
  email: string;
  password_hash: string;
  is_lab_manager: number;
  created_at: string;
}

export interface SystemOwnersTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
}

export interface UserAccessTable {
  user_id: string;
  area: string;
  modifier: string;
  task: string;
}

export interface SessionsTable {
  id: string;
  lab_user_id: string | null;
  system_owner_id: string | null;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
}

export interface LoginAttemptsTable {
  id: string;
  email: string;
  address: string;
  attempted_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface Database {
  labs: LabsTable;
  lab_users: LabUsersTable;
  system_owners: SystemOwnersTable;
  user_access: UserAccessTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  settings: SettingsTable;
}

export type LabRow = Selectable<LabsTable>;
export type NewLab = Insertable<LabsTable>;
export type LabUserRow = Selectable<LabUsersTable>;
export type NewLabUser = Insertable<LabUsersTable>;
export type LabUserUpdate = Updateable<LabUsersTable>;
export type SystemOwnerRow = Selectable<SystemOwnersTable>;
export type SessionRow = Selectable<SessionsTable>;
