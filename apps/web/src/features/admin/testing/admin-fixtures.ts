import type {
  AdminAsset,
  AdminRecipientLink,
  AdminTakedownsAnswer,
  AssetChange,
  AdminJob,
  AdminJobLane,
  AdminTreeNode,
  AdminUser,
  AuditEntry,
  PendingRemovalRequest,
  Preset,
  PresetSettings,
  Registration,
  UploadedAsset,
} from '@mediabox/contract';

/** Contract-shaped answers for tests; only what a test cares about is passed. */

const HOUR = 3_600_000;

export function registration(id: number, changes: Partial<Registration> = {}): Registration {
  return {
    userId: id,
    email: `user${id}@example.com`,
    firstname: 'Berta',
    lastname: `Muster ${id}`,
    company: 'Muster AG',
    contactPerson: 'Herr Kontakt',
    phone: '',
    lang: 'de',
    jde: false,
    createdAt: new Date(Date.now() - 30 * HOUR).toISOString(),
    confirmedAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    ...changes,
  };
}

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR - 60_000).toISOString();

export function adminUser(id: number, changes: Partial<AdminUser> = {}): AdminUser {
  return {
    ...registration(id),
    isSuperUser: false,
    state: 'active',
    approvedAt: hoursAgo(20),
    deactivatedAt: null,
    rejectedAt: null,
    rejectionReason: null,
    lastLoginAt: null,
    downloadCount: 0,
    ...changes,
  };
}

export function removalRequest(
  assetId: number,
  changes: Partial<PendingRemovalRequest> = {},
): PendingRemovalRequest {
  return {
    assetId,
    name: { de: `Kaffee ${assetId}`, en: `Coffee ${assetId}`, fr: '' },
    rootId: 1,
    thumbTicket: null,
    requestedAt: hoursAgo(3),
    reason: 'Veraltetes Motiv',
    requestedBy: {
      userId: 9,
      email: 'rita@example.com',
      firstname: 'Rita',
      lastname: 'Request',
      company: 'X',
    },
    ...changes,
  };
}

export function auditEntry(id: number, changes: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: hoursAgo(1),
    actor: { userId: 7, email: 'anna.beispiel@example.com' },
    action: 'user.deactivate',
    targetType: 'user',
    targetId: 12,
    before: { active: true },
    after: { active: false },
    ...changes,
  };
}

/** A category of the admin tree; the country roots have no parent. */
export function treeNode(
  id: number,
  parentId: number | null,
  name: string,
  changes: Partial<AdminTreeNode> = {},
): AdminTreeNode {
  return {
    id,
    parentId,
    rootId: 1,
    name: { de: `${name} DE`, en: name, fr: `${name} FR` },
    assetCount: 0,
    totalAssetCount: 0,
    withdrawnCount: 0,
    ...changes,
  };
}

/** Germany with Coffee (2 assets) › Beans (empty), and Austria: enough for tree and picker tests. */
export const catalogueTree = (): AdminTreeNode[] => [
  // A country's total is what its categories hold (issue 19.5).
  treeNode(1, null, 'Germany', { totalAssetCount: 2 }),
  treeNode(123, null, 'Austria', { rootId: 123 }),
  treeNode(10, 1, 'Coffee', { assetCount: 2, totalAssetCount: 2, withdrawnCount: 1 }),
  treeNode(11, 10, 'Beans'),
  treeNode(12, 1, 'Tea'),
];

export function adminAsset(id: number, changes: Partial<AdminAsset> = {}): AdminAsset {
  return {
    id,
    container: 10,
    rootId: 1,
    name: { de: `Kaffee ${id}`, en: `Coffee ${id}`, fr: null },
    keywords: 'crema, bohnen',
    description: '',
    customFields: { 100: '04006067084218', 101: '', 102: '1', 103: '1', 104: '1' },
    withdrawn: false,
    removalRequested: false,
    createdAt: hoursAgo(48),
    updatedAt: hoursAgo(2),
    files: [
      {
        id: id * 10,
        mediaType: 1100,
        version: 1,
        current: true,
        createdAt: hoursAgo(48),
        fileProperties: {
          width: 1200,
          height: 800,
          dpiX: 72,
          colorspace: 'srgb',
          pageCount: null,
          fileSize: 204_800,
          mimeType: 'image/jpeg',
          fileName: '04006067084218_C1C1.jpg',
        },
        thumbTicket: `/api/file/${id * 10}/thumb?exp=1&sig=a`,
      },
    ],
    changes: [],
    ...changes,
  };
}

export function uploadedAsset(fileName: string, changes: Partial<UploadedAsset> = {}): UploadedAsset {
  return {
    fileName,
    assetId: 501,
    outcome: 'created',
    gtin: null,
    imageCategory: null,
    version: null,
    variant: null,
    ...changes,
  };
}

/** A mail that used all its attempts; pass `failedAt: null` and a later `runAt` for a waiting job. */
export function adminJob(id: number, changes: Partial<AdminJob> = {}): AdminJob {
  return {
    id,
    name: 'mail.send',
    lane: 'mail',
    attempts: 10,
    maxAttempts: 10,
    runAt: hoursAgo(2),
    failedAt: hoursAgo(1),
    createdAt: hoursAgo(6),
    lastError: '550 5.1.1 Mailbox unavailable',
    recurring: false,
    running: false,
    ...changes,
  };
}

/** Every lane with an empty queue, as the server answers them; override one lane's counts. */
export function jobLanes(
  changes: Partial<Record<AdminJobLane['lane'], Partial<AdminJobLane>>> = {},
): AdminJobLane[] {
  const workers = { mail: 4, search: 1, renditions: 2, housekeeping: 1 } as const;
  return (['mail', 'search', 'renditions', 'housekeeping'] as const).map((lane) => ({
    lane,
    waiting: 0,
    running: 0,
    workersPerInstance: workers[lane],
    ...changes[lane],
  }));
}

/** An active link of a cart Anna sent yesterday, opened but not yet downloaded from. */
export function adminLink(name: string, changes: Partial<AdminRecipientLink> = {}): AdminRecipientLink {
  return {
    name,
    recipient: `${name}@agency.example`,
    lang: 'de',
    state: 'active',
    createdAt: hoursAgo(26),
    lastSentAt: hoursAgo(26),
    validUntil: new Date(Date.now() + 13 * 24 * HOUR).toISOString(),
    revokedAt: null,
    firstOpenedAt: hoursAgo(5),
    lastActivityAt: hoursAgo(5),
    downloads: [],
    sender: { id: 7, email: 'anna.beispiel@example.com', name: 'Anna Beispiel' },
    subject: 'Packshots Kaffee',
    itemCount: 3,
    ...changes,
  };
}

/** A withdrawal of asset 31 an hour ago that 12 people are to hear of, none mailed yet. */
export function assetChange(id: number, changes: Partial<AssetChange> = {}): AssetChange {
  return {
    id,
    assetId: 31,
    kind: 'withdrawn',
    mediaType: null,
    at: hoursAgo(1),
    told: 12,
    mailed: 0,
    ...changes,
  };
}

/** A change as the takedown list shows it: with the asset's name in every language. */
export function takedownChange(
  id: number,
  changes: Partial<AdminTakedownsAnswer['changes'][number]> = {},
): AdminTakedownsAnswer['changes'][number] {
  return {
    ...assetChange(id),
    assetName: { de: `Kaffee ${id}`, en: `Coffee ${id}`, fr: `Café ${id}` },
    ...changes,
  };
}

/** The settings of the shipped online-shop preset: 1000 × 1000 px JPEG on white. */
export const shopSettings = (changes: Partial<PresetSettings> = {}): PresetSettings => ({
  format: 'jpeg',
  size: { mode: 'pad', width: 1000, height: 1000, background: '#ffffff' },
  allowUpscale: false,
  refuseUpscaling: false,
  colourSpace: 'srgb',
  dpi: 72,
  quality: 90,
  maxBytes: null,
  fileSuffix: '_shop',
  ...changes,
});

export function adminPreset(id: number, changes: Partial<Preset> = {}): Preset {
  return {
    id,
    shippedKey: null,
    name: { de: `Vorgabe ${id}`, en: `Preset ${id}`, fr: `Préréglage ${id}` },
    version: 1,
    retired: false,
    settings: shopSettings(),
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
    ...changes,
  };
}
