import { sql, type Kysely, type SqlBool } from 'kysely';

/**
 * Recurring jobs with several instances (issue 7). A recurring job is one row that is rescheduled
 * after each run; `schedule_key` (its name) is unique among the rows that are not finished, so two
 * instances starting at the same moment cannot both queue the schedule: the later insert is a no-op.
 * A schedule that failed for good (failed_at) frees its key; the next start queues it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('schedule_key', 'varchar(100)').execute();
  await db.schema
    .createIndex('jobs_schedule_key')
    .on('jobs')
    .column('schedule_key')
    .unique()
    .where(sql<SqlBool>`schedule_key is not null and done_at is null and failed_at is null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_schedule_key').execute();
  await db.schema.alterTable('jobs').dropColumn('schedule_key').execute();
}
