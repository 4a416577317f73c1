import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** What a stubbed upload answers: a status and a JSON body (errors shaped as the server shapes them). */
export interface UploadAnswer {
  status?: number;
  body: unknown;
}

export interface RecordedUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  /** Reports upload progress to the app, as the browser does while bytes go out. */
  progress: (loaded: number, total: number) => Promise<void>;
}

type ProgressHandler = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/**
 * Stubs XMLHttpRequest, the edge uploads cross (fetch cannot report upload progress). Every request
 * is recorded with its multipart body and answered by `answer`, which may hold it back with a
 * promise while a test reports progress.
 */
export function stubUploads(answer: (upload: RecordedUpload) => UploadAnswer | Promise<UploadAnswer>) {
  const uploads: RecordedUpload[] = [];

  class FakeXhr {
    readonly upload: { onprogress: ProgressHandler | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    private method = '';
    private url = '';
    private readonly headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    send(body: FormData) {
      const recorded: RecordedUpload = {
        method: this.method,
        url: this.url,
        headers: { ...this.headers },
        body,
        progress: (loaded, total) =>
          act(async () => this.upload.onprogress?.({ lengthComputable: true, loaded, total })),
      };
      uploads.push(recorded);
      void Promise.resolve(answer(recorded)).then((result) => {
        this.status = result.status ?? 200;
        this.statusText = this.status === 200 ? 'OK' : 'Error';
        this.responseText = JSON.stringify(result.body);
        this.onload?.();
      });
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return uploads;
}

/** The text parts of a multipart body, by name (files left out). */
export function textParts(body: FormData): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const [name, value] of body.entries()) if (typeof value === 'string') parts[name] = value;
  return parts;
}
