// Frozen: questionnaires (their questions kept as one JSON document) and multiple-choice sets.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('questionnaires')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('lab_id', 'varchar(32)', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('chin_name', 'varchar(500)', (c) => c.notNull())
    .addColumn('abbrev', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('last_edited_by', 'varchar(32)', (c) => c.references('lab_users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('questionnaires_lab_abbrev_uq', ['lab_id', 'abbrev'])
    .execute();
  await db.schema.createIndex('questionnaires_lab_idx').on('questionnaires').columns(['lab_id', 'created_at']).execute();

  await db.schema
    .createTable('mc_sets')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('questionnaire_id', 'varchar(32)', (c) => c.notNull().references('questionnaires.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('choices', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mc_sets_questionnaire_idx').on('mc_sets').column('questionnaire_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mc_sets').execute();
  await db.schema.dropTable('questionnaires').execute();
}
