// The system owner's requirement of a second factor (issue 36 part 1): for a lab's users (a lab's setting) and for
// system owners (a setting). An account required to have one and without one signs in to a session that can only
// add it (plugins/auth.ts); once required, the factor cannot be removed.
import type { Db } from '../../repositories/db';
import type { AuditActor } from '../audit/record';
import { recordAudit } from '../audit/record';
import { findLab, setLabSecondFactorRequired } from '../../repositories/labs';
import { readSetting, writeSetting } from '../../repositories/settings';
import { authMessages } from '../../../shared/messages';
import { notFound } from '../../httpErrors';
import type { StaffAccount } from '../../repositories/secondFactors';

export const OWNERS_SETTING = 'owners_second_factor_required';

export async function ownersRequired(db: Db): Promise<boolean> {
  return (await readSetting(db, OWNERS_SETTING)) === '1';
}

/** Whether the account must have a second factor: its lab's setting, or the owners' setting. */
export async function secondFactorRequired(db: Db, account: StaffAccount & { labId: string | null }): Promise<boolean> {
  if (account.kind === 'system_owner') return ownersRequired(db);
  const lab = account.labId ? await findLab(db, account.labId) : undefined;
  return lab?.second_factor_required === 1;
}

export async function labRequirement(db: Db, labId: string): Promise<boolean> {
  const lab = await findLab(db, labId);
  if (!lab) throw notFound(authMessages.labNotFound);
  return lab.second_factor_required === 1;
}

export async function setLabRequirement(db: Db, actor: AuditActor, labId: string, required: boolean): Promise<boolean> {
  const before = await labRequirement(db, labId);
  await db.transaction().execute(async (trx) => {
    await setLabSecondFactorRequired(trx, labId, required);
    await recordAudit(trx, actor, {
      kind: 'secondFactor.requirementChanged',
      entityType: 'lab',
      entityId: labId,
      labId,
      before: { secondFactorRequired: before },
      after: { secondFactorRequired: required },
    });
  });
  return required;
}

export async function setOwnersRequirement(db: Db, actor: AuditActor, required: boolean): Promise<boolean> {
  const before = await ownersRequired(db);
  await db.transaction().execute(async (trx) => {
    await writeSetting(trx, OWNERS_SETTING, required ? '1' : '0');
    await recordAudit(trx, actor, {
      kind: 'secondFactor.requirementChanged',
      entityType: 'system owners',
      entityId: null,
      before: { secondFactorRequired: before },
      after: { secondFactorRequired: required },
    });
  });
  return required;
}
