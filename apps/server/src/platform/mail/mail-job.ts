import type { EnqueueOptions, JobDefinition, JobQueue } from '../jobs/job-queue.js';
import type { JobLane } from '../jobs/job-lanes.js';
import { MailMessage, type Mailer } from './mailer.js';

/** Mail leaves through a durable job: a slow or failing mail server never blocks or breaks a request. */
export function mailJob(
  mailer: Mailer,
  lane: Extract<JobLane, 'mail' | 'bulk-mail'> = 'mail',
): JobDefinition<typeof MailMessage> {
  return {
    name: lane === 'mail' ? 'mail.send' : 'mail.bulk',
    lane,
    payload: MailMessage,
    maxAttempts: 10,
    handler: async (message, { jobId }) => mailer.send(message, `mail-${jobId}`),
  };
}

export interface MailQueueOptions {
  /** The transaction executor: the mail is sent only if the surrounding write commits. */
  executor?: EnqueueOptions['executor'];
  /**
   * One of many mails queued at once (digests): it goes through the bulk-mail lane, so it never
   * holds up a single mail such as a password reset (see job-lanes.ts).
   */
  bulk?: boolean;
}

export interface MailOutbox {
  /** Queues a mail; pass the transaction executor to send it only if the surrounding write commits. */
  queue(message: MailMessage, options?: MailQueueOptions): Promise<void>;
  /** Queues many mails in one statement (digests: a batch is one round trip). */
  queueMany(messages: MailMessage[], options?: MailQueueOptions): Promise<void>;
}

export function createMailOutbox(jobs: JobQueue, mailer: Mailer): MailOutbox {
  const single = mailJob(mailer);
  const bulk = mailJob(mailer, 'bulk-mail');
  jobs.define(single);
  jobs.define(bulk);
  return {
    queue: async (message, options = {}) => {
      await jobs.enqueue(options.bulk ? bulk : single, message, {
        ...(options.executor ? { executor: options.executor } : {}),
      });
    },
    queueMany: async (messages, options = {}) => {
      await jobs.enqueueMany(options.bulk ? bulk : single, messages, {
        ...(options.executor ? { executor: options.executor } : {}),
      });
    },
  };
}
