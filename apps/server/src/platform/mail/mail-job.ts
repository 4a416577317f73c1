import type { JobDefinition, JobQueue } from '../jobs/job-queue.js';
import { MailMessage, type Mailer } from './mailer.js';

/** Mail leaves through a durable job: a slow or failing mail server never blocks or breaks a request. */
export function mailJob(mailer: Mailer): JobDefinition<typeof MailMessage> {
  return {
    name: 'mail.send',
    lane: 'mail',
    payload: MailMessage,
    maxAttempts: 10,
    handler: async (message, { jobId }) => mailer.send(message, `mail-${jobId}`),
  };
}

export interface MailOutbox {
  /** Queues a mail; pass the transaction executor to send it only if the surrounding write commits. */
  queue(message: MailMessage, executor?: Parameters<JobQueue['enqueue']>[2]): Promise<void>;
}

export function createMailOutbox(jobs: JobQueue, mailer: Mailer): MailOutbox {
  const definition = mailJob(mailer);
  jobs.define(definition);
  return {
    queue: async (message, options) => {
      await jobs.enqueue(definition, message, options);
    },
  };
}
