import { describe, expect, it } from 'vitest';
import { JOB_ERROR_MAX, jobNameKey, jobStateOf, shortError } from './jobs';

describe('background jobs', () => {
  it('names the known jobs and leaves others to their technical name', () => {
    expect(jobNameKey('mail.send')).toBe('admin.jobs.names.mailSend');
    expect(jobNameKey('admin.approval-reminder')).toBe('admin.jobs.names.approvalReminder');
    expect(jobNameKey('import.nightly')).toBeUndefined();
    expect(jobNameKey('constructor')).toBeUndefined();
  });

  it('reads the state of the address, the failed jobs by default', () => {
    expect(jobStateOf('waiting')).toBe('waiting');
    expect(jobStateOf('failed')).toBe('failed');
    expect(jobStateOf(null)).toBe('failed');
    expect(jobStateOf('dead')).toBe('failed');
  });

  it('keeps short errors and cuts long or multi-line ones', () => {
    expect(shortError('Connection refused')).toBe('Connection refused');
    const long = 'x'.repeat(JOB_ERROR_MAX + 30);
    expect(shortError(long)).toHaveLength(JOB_ERROR_MAX);
    expect(shortError(long).endsWith('…')).toBe(true);
    expect(shortError('550 Mailbox unavailable\n  at SMTPConnection')).toBe('550 Mailbox unavailable…');
  });
});
