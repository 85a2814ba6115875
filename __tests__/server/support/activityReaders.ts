// The people an activity test reads the audit trail as: the system owner, lab A's manager and one of its
// members, and lab B's manager, who is an outsider to lab A's entries.
import type { FastifyInstance } from 'fastify';
import type { ActivityPage } from '../../../src/shared/audit';
import { registerUser, send } from './api';
import { json, labUserToken, ownerToken, seedLab, type SeededLab } from './testApp';

export interface ActivityReaders {
  owner: string;
  labA: SeededLab;
  labB: SeededLab;
  manager: string;
  member: string;
  memberEmail: string;
  outsider: string;
}

export async function seedActivityReaders(app: FastifyInstance): Promise<ActivityReaders> {
  const owner = await ownerToken(app);
  const labA = await seedLab(app, owner);
  const labB = await seedLab(app, owner);
  const manager = await labUserToken(app, labA.managerEmail, labA.managerPassword);
  const user = await registerUser(app, owner, labA.labId);
  const member = await labUserToken(app, user.email, user.password);
  const outsider = await labUserToken(app, labB.managerEmail, labB.managerPassword);
  return { owner, labA, labB, manager, member, memberEmail: user.email, outsider };
}

/** GET /api/activity as a reader who may read it (200). */
export async function readActivity(app: FastifyInstance, token: string, query: string): Promise<ActivityPage> {
  const res = await send(app, { method: 'GET', url: `/api/activity?${query}`, token });
  expect(res.statusCode).toBe(200);
  return json<ActivityPage>(res);
}
