// Frozen: time zones that travel (issue 34 part 5). On an arrival (enrolment_times):
// - arrival_zone: the zone the phone had reported (POST /api/app/device) when the plan was made, null when none
//   had; settings that follow the participant count their days from the arrival in it.
// - phone_zone: the zone the phone reported last, as the plan knows it: settings that follow the phone are planned
//   in it. A new report changes it with a compare-and-set, so one process re-plans for one report.
// Arrivals before this migration have neither: their settings all followed their own zone.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enrolment_times').addColumn('arrival_zone', 'varchar(64)').execute();
  await db.schema.alterTable('enrolment_times').addColumn('phone_zone', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enrolment_times').dropColumn('phone_zone').execute();
  await db.schema.alterTable('enrolment_times').dropColumn('arrival_zone').execute();
}
