import type { MediaType } from '@mediabox/contract';
import type { MediaInfo } from '../../media/media-types.js';
import type { ImportFile } from './import-paths.js';

/**
 * What the first phase of an import (import-planner.ts) hands to the writer (import.service.ts).
 * Every row is checked and every file resolved and probed before a plan exists, so writing it
 * decides only between insert, update and unchanged and cannot fail halfway for a bad row.
 */

export interface PlannedNode {
  id: number;
  parentId: number | null;
  rootId: number;
  name: { de: string; en: string; fr: string };
}

export interface PlannedFile {
  /** The manifest's choice, or, when it names none, what the content is (decided once probed). */
  mediaType: MediaType;
  /** Whether the manifest named the media type (then it is kept even where the content disagrees). */
  mediaTypeGiven: boolean;
  file: ImportFile;
  fileName: string;
  media: MediaInfo;
}

export interface PlannedAsset {
  row: string;
  /** The id the manifest asks for; otherwise the database picks one. */
  id: number | undefined;
  sourceKey: string;
  containerId: number;
  rootId: number;
  name: { de: string; en: string | null; fr: string | null };
  keywords: string;
  description: string;
  gtin: string | null;
  gtinNumber: number | null;
  imageCategory: number | null;
  version: number | null;
  variant: number | null;
  linkedSearchable: string | null;
  files: PlannedFile[];
}

export interface ImportPlan {
  /** Manifest nodes, parents before children. */
  nodes: PlannedNode[];
  /** The root of every node (database and manifest) once the manifest is applied. */
  rootOfNode: Map<number, number>;
  assets: PlannedAsset[];
}
