import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importGraph, importProblems, sourceFiles } from './check-imports.mjs';

const ARROWS = { cart: ['catalogue'], catalogue: [], delivery: ['cart'] };

let repo;
afterEach(() => fs.rmSync(repo, { recursive: true, force: true }));

/** A throwaway repository holding the given files (path -> source text). */
function repository(files) {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'imports-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    fs.writeFileSync(path.join(repo, file), text);
  }
  return importProblems(importGraph(repo, sourceFiles(repo)), ARROWS);
}

const server = 'apps/server/src';
const web = 'apps/web/src';

describe('check-imports', () => {
  it('finds a cycle through type-only and re-exporting imports, spelled with .js', () => {
    const problems = repository({
      [`${server}/platform/db/database.ts`]:
        "import { fold } from './case-fold.js';\nexport const db = fold;",
      [`${server}/platform/db/case-fold.ts`]:
        "import type { db } from './database.js';\nexport const fold = 1;",
      [`${server}/platform/db/index.ts`]: "export * from './database.js';",
    });
    expect(problems).toEqual([
      `import cycle: ${server}/platform/db/case-fold.ts, ${server}/platform/db/database.ts`,
    ]);
  });

  it('refuses arrows the table does not list, and lets tests and listed arrows through', () => {
    const problems = repository({
      [`${server}/modules/cart/cart.service.ts`]: "import { zip } from '../delivery/zip/zip.js';",
      [`${server}/modules/delivery/zip/zip.ts`]: "import { CartService } from '../../cart/cart.service.js';",
      [`${server}/modules/catalogue/catalogue.test.ts`]: "import { zip } from '../delivery/zip/zip.js';",
      [`${server}/platform/http/auth.ts`]: "import '../../modules/catalogue/catalogue.test.js';",
      [`${server}/context.ts`]: "import { zip } from './modules/delivery/zip/zip.js';",
    });
    expect(problems).toEqual([
      `${server}/modules/cart/cart.service.ts -> ${server}/modules/delivery/zip/zip.ts: no arrow cart -> delivery`,
      `${server}/platform/http/auth.ts -> ${server}/modules/catalogue/catalogue.test.ts: platform/ imports no module and no composition code`,
      `import cycle: ${server}/modules/cart/cart.service.ts, ${server}/modules/delivery/zip/zip.ts`,
    ]);
  });

  it('keeps the contract, the web shared code and each web feature to themselves', () => {
    const problems = repository({
      'packages/contract/src/index.ts': "import '../../../apps/server/src/app.js';",
      [`${server}/app.ts`]: "import { Cart } from '@mediabox/contract';\nimport '../../web/src/main.js';",
      [`${web}/main.tsx`]: "import { CartPage } from './features/cart/cart-page.js';",
      [`${web}/shared/ui/header.tsx`]: "import { CartPage } from '../../features/cart/cart-page.js';",
      [`${web}/features/cart/cart-page.tsx`]: "import { Orders } from '../orders/orders.js';",
      [`${web}/features/orders/orders.tsx`]: "import { Header } from '../../shared/ui/header.js';",
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        `packages/contract/src/index.ts -> ${server}/app.ts: the contract imports no app`,
        `${server}/app.ts -> ${web}/main.tsx: server and web share only the contract`,
        `${web}/shared/ui/header.tsx -> ${web}/features/cart/cart-page.tsx: web shared code imports no feature`,
        `${web}/features/cart/cart-page.tsx -> ${web}/features/orders/orders.tsx: a feature imports no other feature`,
      ]),
    );
    expect(problems.filter((problem) => !problem.startsWith('import cycle'))).toHaveLength(4);
  });
});
