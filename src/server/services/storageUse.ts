// The bytes a lab's files take. Media files arrive with their own issue; until a lab has any, it uses none.
import type { Db } from '../repositories/db';

export async function storageUsedByLab(_db: Db, _labId: string): Promise<number> {
  return 0;
}
