import { sql, type Kysely, type SqlBool } from 'kysely';

/**
 * Lanes for background work (issue 16). Every job belongs to a lane (mail, search, renditions,
 * housekeeping), and each lane is run by its own workers: a password-reset mail no longer waits
 * behind thousands of rendition jobs. The lane is stored with the job so that each lane's runner
 * finds its due jobs through one partial index, however long another lane's queue is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('lane', 'varchar(32)', (column) => column.notNull().defaultTo('housekeeping'))
    .execute();
  // Jobs queued before this version: the names are those of their definitions (see job-lanes.ts).
  await sql`update jobs set lane = 'mail' where name = 'mail.send'`.execute(db);
  await sql`update jobs set lane = 'renditions' where name = 'media.renditions'`.execute(db);
  await sql`update jobs set lane = 'search' where name like 'search.%'`.execute(db);
  await db.schema
    .createIndex('jobs_lane_due')
    .on('jobs')
    .columns(['lane', 'run_at', 'id'])
    .where(sql<SqlBool>`done_at is null and failed_at is null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_lane_due').execute();
  await db.schema.alterTable('jobs').dropColumn('lane').execute();
}
