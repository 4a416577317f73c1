import { MediaRejectedError, type MediaInfo } from '../../media/media-types.js';
import { resolveImportFile, type ResolvedImportFile } from './import-paths.js';
import type { ReportProblem } from './import.errors.js';

export interface FileProbe {
  probe(filePath: string): Promise<MediaInfo>;
  /** How many files are probed at once (probing decodes images: CPU and memory bound). */
  probeConcurrency?: number;
}

/** Each distinct file is resolved and probed once, however many rows use it. */
export class ImportFileChecker {
  private readonly resolved = new Map<string, Promise<ResolvedImportFile>>();
  private readonly users = new Map<string, { row: string; field: string; path: string }[]>();
  private readonly media = new Map<string, MediaInfo>();
  private readonly rejected = new Set<string>();

  constructor(
    private readonly realDir: string,
    private readonly deps: FileProbe,
  ) {}

  resolve(manifestPath: string) {
    let result = this.resolved.get(manifestPath);
    if (!result) {
      result = resolveImportFile(this.realDir, manifestPath);
      this.resolved.set(manifestPath, result);
    }
    return result;
  }

  use(absolutePath: string, user: { row: string; field: string; path: string }): void {
    const list = this.users.get(absolutePath) ?? [];
    list.push(user);
    this.users.set(absolutePath, list);
  }

  mediaOf(absolutePath: string): MediaInfo | undefined {
    return this.media.get(absolutePath);
  }

  isRejected(absolutePath: string): boolean {
    return this.rejected.has(absolutePath);
  }

  /** Probes every used file, a few at a time; a refused file is a problem on every row that uses it. */
  async probeAll(report: ReportProblem): Promise<void> {
    const queue = [...this.users.keys()];
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        try {
          this.media.set(next, await this.deps.probe(next));
        } catch (err) {
          if (!(err instanceof MediaRejectedError)) throw err;
          this.rejected.add(next);
          for (const user of this.users.get(next)!) {
            report({ ...user, code: err.code, message: `${user.path}: ${err.message}` });
          }
        }
      }
    };
    const concurrency = Math.max(1, this.deps.probeConcurrency ?? 2);
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
}
