import type { BackupReport } from './backup.js';
import type { BlobCopyResult } from './blob-copy.js';
import type { MigrateDataReport } from './migrate-data.js';
import type { RestoreReport } from './restore.js';

/** Plain-text results of the operations for the terminal (and for logs of scheduled backups). */

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

function formatBlobProblems(blobs: BlobCopyResult, missingLabel: string, missing: string[]): string[] {
  const lines: string[] = [];
  if (missing.length > 0) lines.push(`  ${missingLabel}: ${missing.length} (first: ${missing[0]})`);
  if (blobs.corrupt.length > 0) {
    lines.push(
      `  damaged (bytes do not match their name or size): ${blobs.corrupt.length} (first: ${blobs.corrupt[0]})`,
    );
  }
  return lines;
}

export function formatBackupReport(report: BackupReport): string {
  const { manifest } = report;
  const lines = [
    `backup in ${report.dir}`,
    `  database: ${formatBytes(manifest.database.bytes)} (sha256 ${manifest.database.sha256})`,
    `  rows: ${Object.entries(manifest.tables)
      .map(([table, n]) => `${table} ${n}`)
      .join(', ')}`,
    `  blobs: ${manifest.blobs.count} (${formatBytes(manifest.blobs.bytes)}), each verified by its sha256`,
  ];
  if (manifest.blobs.goneSinceSnapshot.length > 0) {
    lines.push(
      `  deleted by the portal during the backup (not needed): ${manifest.blobs.goneSinceSnapshot.length}`,
    );
  }
  lines.push(...formatBlobProblems(report.blobs, 'MISSING from the blob store', report.lostBlobs));
  lines.push(report.ok ? 'backup complete' : 'backup INCOMPLETE: see above');
  return lines.join('\n');
}

export function formatRestoreReport(report: RestoreReport): string {
  return [
    `restored the backup of ${report.manifest.createdAt} (Mediabox ${report.manifest.mediaboxVersion})`,
    `  database: ${report.databaseFile}`,
    `  blobs: ${report.blobs.copied} copied, ${report.blobs.alreadyThere} already there, each verified by its sha256`,
    'start the server: pending migrations run at start',
  ].join('\n');
}

export function formatMigrateDataReport(report: MigrateDataReport): string {
  const width = Math.max(...report.tables.map((count) => count.table.length));
  const lines = [`${'table'.padEnd(width)}  ${'source'.padStart(9)}  ${'target'.padStart(9)}`];
  for (const { table, source, target } of report.tables) {
    const mark = source === target ? '' : '  MISMATCH';
    lines.push(`${table.padEnd(width)}  ${String(source).padStart(9)}  ${String(target).padStart(9)}${mark}`);
  }
  lines.push(`search index rebuilt: ${report.searchDocuments} documents`);
  if (report.blobs) {
    const { blobs } = report;
    lines.push(
      `blobs to ${blobs.target}: ${blobs.total} in the source, ${blobs.copied} copied (${formatBytes(blobs.bytesCopied)}), ` +
        `${blobs.alreadyThere} already there`,
    );
    lines.push(...formatBlobProblems(blobs, 'MISSING in the source', blobs.missing));
  } else {
    lines.push('blobs not copied (no --blobs-to): every instance must reach the same blob store');
  }
  lines.push(report.ok ? 'all counts match' : 'MISMATCH: see above (exit code 1)');
  return lines.join('\n');
}
