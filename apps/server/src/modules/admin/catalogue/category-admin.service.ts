import {
  ErrorCodes,
  ImportErrorCodes,
  type AdminNode,
  type AdminTreeAnswer,
  type CreateNodeRequest,
  type NodeNames,
  type UpdateNodeRequest,
} from '@mediabox/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { AppError } from '../../../platform/http/app-error.js';
import { ImportValidationError } from '../../catalogue/import/import.errors.js';
import type { ImportService } from '../../catalogue/import/import.service.js';
import { writeAudit, type AdminActor, type AuditRecord } from '../../audit/audit-log.js';
import { requireNode } from './catalogue-admin-lookups.js';
import { presentAdminNode, presentTreeNode } from './catalogue-admin.presenter.js';
import type { AdminNodeRow, CatalogueAdminRepository } from './catalogue-admin.repository.js';

export interface CategoryAdminDeps {
  repository: CatalogueAdminRepository;
  imports: Pick<ImportService, 'importNodes'>;
  clock: Clock;
}

/** Two admins creating categories at the same moment may pick the same id: the later one tries again. */
const CREATE_ATTEMPTS = 3;

/**
 * Categories for super users. Creating, renaming and moving are one-node manifests for the
 * importer, so the tree checks and a move's consequences (a branch's assets and search entries
 * following it into another country) are exactly those of `mediabox import`; each change writes its
 * audit row in the import's transaction.
 */
export class CategoryAdminService {
  constructor(private readonly deps: CategoryAdminDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  async tree(): Promise<AdminTreeAnswer> {
    return { nodes: (await this.repository.tree()).map(presentTreeNode) };
  }

  async createNode(actor: AdminActor, request: CreateNodeRequest): Promise<AdminNode> {
    await requireNode(this.repository, request.parentId);
    for (let attempt = 1; ; attempt += 1) {
      const id = await this.repository.nextNodeId();
      try {
        await this.deps.imports.importNodes([{ id, parentId: request.parentId, name: request.name }], {
          withinTransaction: (executor) =>
            this.audit(executor, {
              actor,
              action: 'node.create',
              targetType: 'node',
              targetId: id,
              before: null,
              after: { parentId: request.parentId, name: request.name },
            }),
        });
        return presentAdminNode((await this.repository.findNode(id))!);
      } catch (err) {
        if (!isUniqueViolation(err) || attempt === CREATE_ATTEMPTS) throw err;
      }
    }
  }

  /**
   * Renames and/or moves a category. A move takes the whole branch along, and when it crosses into
   * another country the assets below follow (the import updates their root and the search index).
   */
  async updateNode(actor: AdminActor, id: number, change: UpdateNodeRequest): Promise<AdminNode> {
    const node = await requireNode(this.repository, id);
    const parentId = change.parentId ?? node.parent_id;
    const before = nodeFields(node);
    const name = change.name ?? before.name;
    // The importer's tree check decides whether the move is possible (root, parent, cycle).
    await this.deps.imports
      .importNodes([{ id, parentId, name }], {
        withinTransaction: async (executor, report) => {
          if (report.nodes.unchanged > 0) return;
          await this.audit(executor, {
            actor,
            action: 'node.update',
            targetType: 'node',
            targetId: id,
            before,
            after: { parentId, name },
          });
        },
      })
      .catch((err: unknown) => {
        throw treeRefusal(err);
      });
    return presentAdminNode((await this.repository.findNode(id))!);
  }

  /** Only empty categories go (no sub-categories, no assets, withdrawn ones included). */
  async deleteNode(actor: AdminActor, id: number): Promise<void> {
    const node = await requireNode(this.repository, id);
    if (node.parent_id === null) {
      throw new AppError(ErrorCodes.catalogueRootFixed, 'A country root cannot be deleted');
    }
    await this.repository.transaction(async (repository) => {
      if (!(await repository.isNodeEmpty(id))) {
        throw new AppError(ErrorCodes.catalogueNotEmpty, 'The category still holds categories or assets');
      }
      if (!(await repository.deleteNode(id))) return;
      await this.audit(repository.db, {
        actor,
        action: 'node.delete',
        targetType: 'node',
        targetId: id,
        before: nodeFields(node),
        after: null,
      });
    });
  }

  private audit(executor: Kysely<Database>, record: AuditRecord): Promise<void> {
    return writeAudit(executor, this.deps.clock.now(), record);
  }
}

function nodeFields(node: AdminNodeRow): { parentId: number | null; name: NodeNames } {
  return { parentId: node.parent_id, name: { de: node.name_de, en: node.name_en, fr: node.name_fr } };
}

/** The importer's verdict on a category change, as the admin API answers it. */
function treeRefusal(err: unknown): unknown {
  if (!(err instanceof ImportValidationError)) return err;
  const codes = new Set(err.problems.map((problem) => problem.code));
  if (codes.has(ImportErrorCodes.unknownParent)) {
    return new AppError(ErrorCodes.catalogueNodeNotFound, 'The new parent category does not exist');
  }
  if (codes.has(ImportErrorCodes.badRoot)) {
    return new AppError(ErrorCodes.catalogueRootFixed, 'A country root cannot be moved');
  }
  if (codes.has(ImportErrorCodes.cycle)) {
    return new AppError(ErrorCodes.catalogueCycle, 'A category cannot move into its own branch');
  }
  return err;
}
