// The delivery ledger of an EMA task as the EMA Schedule answers it (issue 33).
import type { TaskPushColumns } from '../../db/types';
import type { EmaTaskDelivery } from '../../../shared/types/participant';
import { DELIVERY_CHANNELS, EMAIL_RESULTS, PUSH_RESULTS } from '../../../shared/delivery';

/** The ledger's columns as the EMA Schedule reads them; a value the ledger does not know reads as null. */
export function deliveryOf(t: Pick<TaskPushColumns, 'delivery_channel' | 'sent_at' | 'push_result' | 'received_at' | 'email_due_at' | 'email_result' | 'email_done_at'>): EmaTaskDelivery {
  const known = <T extends string>(values: readonly T[], value: string | null): T | null => values.find((v) => v === value) ?? null;
  const emailResult = known(EMAIL_RESULTS, t.email_result);
  return {
    channel: known(DELIVERY_CHANNELS, t.delivery_channel),
    sent_at: t.sent_at,
    push_result: known(PUSH_RESULTS, t.push_result),
    received_at: t.received_at,
    email_due_at: t.email_due_at,
    email_result: emailResult,
    emailed_at: emailResult ? t.email_done_at : null,
  };
}
