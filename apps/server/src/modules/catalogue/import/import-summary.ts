import type { ImportReport } from './import.service.js';

/** The CLI's summary of a finished import, one line per kind of row. */
export function formatImportReport(report: ImportReport): string {
  const { nodes, assets, files } = report;
  return [
    `nodes:  ${nodes.created} created, ${nodes.updated} updated, ${nodes.unchanged} unchanged`,
    `assets: ${assets.created} created, ${assets.updated} updated, ${assets.unchanged} unchanged`,
    `files:  ${files.created} created, ${files.newVersions} new versions, ${files.unchanged} unchanged`,
  ].join('\n');
}
