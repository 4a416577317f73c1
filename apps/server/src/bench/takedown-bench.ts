/**
 * `npm run bench:takedown [-- --people 10000 --pg --max-seconds 300 --no-write]`
 *
 * Issue 20.3's fan-out: an asset downloaded by N users (default 10,000, one personal download
 * event each, seeded with multi-row inserts) is withdrawn through the catalogue admin service
 * (which records the change and writes every notice in its transaction), then "send now"
 * (`sendPending({ includeToday: true })`) claims the notices and queues one digest per person.
 * That time, from the withdrawal to N mail jobs queued, has the target < 5 s.
 * Then the job runner sends them to a tiny SMTP sink on a free port; two seconds in, one other
 * mail (a password reset's lane) is queued, and the time until the sink has it is the second
 * target (< 5 s). The run ends when every digest is delivered or after --max-seconds (default 60:
 * the rate is the figure, a local SMTP round trip costs ~50–150 ms per mail and connection).
 * Baselines of the same run: queueing one single mail (for the fan-out, per mail) and the same
 * other mail's delivery with the queue idle. SQLite by default, `--pg` for a fresh PostgreSQL
 * database on TEST_PG_URL / 127.0.0.1:5432. Appends a dated section to docs/performance.md unless
 * --no-write, and prints the suite's summary rows (report.ts).
 */
import type net from 'node:net';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { imageAsset, seedAsset, seedNodes } from '../modules/catalogue/testing/catalogue-seed.js';
import type { DialectName } from '../platform/db/database.js';
import type { MailMessage } from '../platform/mail/mailer.js';
import { createBenchApp, postgresVersion, seedTarget, type BenchApp } from './bench-app.js';
import { insertDownloaders } from '../modules/takedown/testing/downloaders.js';
import {
  appendToPerformance,
  fmt,
  loadAverage,
  machineDescription,
  msSince,
  printSummary,
  sqliteVersion,
  times,
  today,
  type SummaryRow,
} from './report.js';

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '10000' },
    pg: { type: 'boolean', default: false },
    'max-seconds': { type: 'string', default: '60' },
    'no-write': { type: 'boolean', default: false },
  },
});
const people = Number(values.people);
const maxSeconds = Number(values['max-seconds']);
const dialect: DialectName = values.pg ? 'postgres' : 'sqlite';
/** Rows per multi-row insert: under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH = 1000;
const OTHER = 'reset@bench.example';
const TARGET_MS = 5000;

/** An SMTP server that only notes when each recipient's mail arrived (no parsing: 10,000 mails). */
async function startSink() {
  const arrivals = new Map<string, number>();
  let delivered = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) arrivals.set(rcpt.address, performance.now());
        delivered += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    delivered: () => delivered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const otherMail = (to: string): MailMessage => ({
  to: [to],
  subject: 'Reset your password',
  text: 'A single mail that must not wait for the digests.',
  html: '<p>A single mail that must not wait for the digests.</p>',
});

async function seedDownloaders(bench: BenchApp): Promise<number> {
  const t = seedTarget(bench);
  await seedNodes(t, [{ id: 10, parentId: 1, rootId: 1, de: 'Kaffee' }]);
  const asset = await seedAsset(t, imageAsset(10, 1, 'Mokka Klassik', { gtin: '04006067084218' }));
  const db = bench.context.database.db;
  const now = bench.clock.now();
  for (let offset = 0; offset < people; offset += BATCH) {
    const count = Math.min(BATCH, people - offset);
    await insertDownloaders(db, {
      assetId: asset.id,
      from: offset,
      count,
      prefix: 'downloader',
      now,
      lang: (n) => ['de', 'en', 'fr'][n % 3]!,
      downloadedAt: (n) => now - (n % 300) * 24 * 60 * 60 * 1000,
    });
  }
  return asset.id;
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}

async function main(): Promise<void> {
  const sink = await startSink();
  const bench = await createBenchApp(dialect, { env: { SMTP_URL: sink.url } });
  try {
    const { context } = bench;
    console.log(`seeding ${people.toLocaleString('en')} downloaders (${dialect}) …`);
    const assetId = await seedDownloaders(bench);

    // Baselines: one single mail queued (median of 20), and delivered with the queue idle.
    const queueOne: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const start = process.hrtime.bigint();
      await context.mail.queue(otherMail(`baseline-${index}@bench.example`));
      queueOne.push(msSince(start));
    }
    queueOne.sort((a, b) => a - b);
    const queueOneMs = queueOne[10]!;
    context.jobs.start();
    await waitFor(() => sink.delivered() >= queueOne.length, 30_000);
    // The lane is idle now: the other mail's wait without digests, median of five.
    const idleWaits: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const address = `idle-${index}@bench.example`;
      const queued = performance.now();
      await context.mail.queue(otherMail(address));
      await waitFor(() => sink.arrivals.has(address), 30_000);
      idleWaits.push(sink.arrivals.get(address)! - queued);
    }
    const idleWaitMs = idleWaits.sort((a, b) => a - b)[2]!;
    await context.jobs.stop();

    // The fan-out: withdraw (change + notices in its transaction), then send now (mail jobs).
    const admin = { id: null, email: 'bench' };
    const fanOutStart = process.hrtime.bigint();
    await context.catalogueAdmin.assets.setWithdrawn(admin, assetId, true);
    const recordMs = msSince(fanOutStart);
    const mailed = await context.takedowns.sendPending({ includeToday: true });
    const fanOutMs = msSince(fanOutStart);
    if (mailed !== people) throw new Error(`expected ${people} digests, queued ${mailed}`);

    // The mail lanes at work; one other mail joins two seconds in.
    const before = sink.delivered();
    const sendStart = performance.now();
    context.jobs.start();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const otherQueued = performance.now();
    const digestsBeforeOther = sink.delivered() - before;
    await context.mail.queue(otherMail(OTHER));
    await waitFor(() => sink.arrivals.has(OTHER), 60_000);
    const otherWaitMs = (sink.arrivals.get(OTHER) ?? Number.NaN) - otherQueued;
    const allDelivered = await waitFor(() => sink.delivered() - before >= people + 1, maxSeconds * 1000);
    const sendSeconds = (performance.now() - sendStart) / 1000;
    const digestsSent = sink.delivered() - before - 1;
    await context.jobs.stop();

    const machine = machineDescription([
      dialect === 'postgres' ? await postgresVersion() : `SQLite ${sqliteVersion()}`,
      `load ${fmt(loadAverage(), 2)}`,
    ]);
    const perMail = fanOutMs / people;
    const section = [
      `## Takedown fan-out (${today()}, ${dialect})`,
      '',
      `\`npm run bench:takedown -- --people ${people}${values.pg ? ' --pg' : ''}\`. ${machine}.`,
      '',
      '| figure | measured | baseline (same run) | ratio |',
      '|---|---|---|---|',
      `| withdraw + ${people.toLocaleString('en')} notices (one transaction) | ${fmt(recordMs)} ms | – | – |`,
      `| withdraw → ${people.toLocaleString('en')} digest mail jobs queued | ${fmt(fanOutMs)} ms (${fmt(perMail, 3)} ms a mail) | ${fmt(queueOneMs, 3)} ms to queue one single mail | ${times(perMail / queueOneMs)} per mail |`,
      `| other mail queued ${fmt(digestsBeforeOther, 0)} digests into the send: queued → at the SMTP sink | ${fmt(otherWaitMs)} ms | ${fmt(idleWaitMs)} ms with the queue idle | ${times(otherWaitMs / idleWaitMs)} |`,
      `| digests delivered to the SMTP sink | ${digestsSent.toLocaleString('en')} in ${fmt(sendSeconds)} s (${fmt(digestsSent / sendSeconds, 0)}/s)${allDelivered ? '' : `, stopped after ${maxSeconds} s`} | – | – |`,
      '',
      'Digests go through the bulk-mail lane (4 workers), single mails through the mail lane (4): the',
      'other mail waits for a free mail-lane worker, not behind the digests (job-lanes.ts).',
    ].join('\n');
    console.log(`\n${section}\n`);
    if (!values['no-write']) appendToPerformance(section);
    const rows: SummaryRow[] = [
      {
        bench: 'takedown',
        what: `withdraw → ${people.toLocaleString('en')} digest mails queued (${dialect})`,
        figure: `${fmt(fanOutMs)} ms`,
        baseline: `${fmt(queueOneMs, 3)} ms one mail`,
        ratio: `${times(perMail / queueOneMs)} per mail`,
        target: '< 5 s',
        met: fanOutMs < TARGET_MS,
      },
      {
        bench: 'takedown',
        what: `other mail's wait while ${people.toLocaleString('en')} digests send (${dialect})`,
        figure: `${fmt(otherWaitMs)} ms`,
        baseline: `${fmt(idleWaitMs)} ms idle`,
        ratio: times(otherWaitMs / idleWaitMs),
        target: '< 5 s',
        met: otherWaitMs < TARGET_MS,
      },
    ];
    printSummary(rows);
  } finally {
    await bench.close();
    await sink.close();
  }
}

await main();
