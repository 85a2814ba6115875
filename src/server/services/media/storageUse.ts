// The bytes a lab's files take, against the 2 GiB quota.
import type { Db } from '../../repositories/db';
import { sumMediaBytesInLab } from '../../repositories/mediaFiles';

export function storageUsedByLab(db: Db, labId: string): Promise<number> {
  return sumMediaBytesInLab(db, labId);
}
