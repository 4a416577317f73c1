import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, buildIsCurrent, currentStamp, recordBuild } from './build-stamp.mjs';

/** A small checkout: a few sources and, once built, the build's outputs. */
let root;
const write = (file, content) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
};
const writeOutputs = () => {
  for (const output of BUILD_OUTPUTS) write(output.includes('.') ? output : `${output}/index.js`, 'built');
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mediabox-stamp-'));
  write('package.json', '{}');
  write('apps/server/src/main.ts', 'console.log(1);');
  write('apps/web/src/app/App.tsx', 'export {};');
  write('packages/contract/src/index.ts', 'export {};');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('build stamp', () => {
  it('is the same for the same sources, and changes with any source content, new file or rename', () => {
    const first = currentStamp(root);
    expect(currentStamp(root)).toBe(first);
    // Touching a file without changing it costs no rebuild.
    fs.utimesSync(path.join(root, 'apps/server/src/main.ts'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect(currentStamp(root)).toBe(first);

    write('apps/server/src/main.ts', 'console.log(2);');
    const changed = currentStamp(root);
    expect(changed).not.toBe(first);
    write('apps/web/src/app/New.tsx', 'export {};');
    const added = currentStamp(root);
    expect(added).not.toBe(changed);
    fs.renameSync(path.join(root, 'apps/web/src/app/New.tsx'), path.join(root, 'apps/web/src/app/Other.tsx'));
    expect(currentStamp(root)).not.toBe(added);
  });

  it('ignores what the build does not read (data, outputs, dependencies)', () => {
    const before = currentStamp(root);
    write('data/mediabox.sqlite', 'rows');
    write('node_modules/some-package/index.js', 'code');
    writeOutputs();
    expect(currentStamp(root)).toBe(before);
  });

  it('trusts a recorded build only while its stamp matches and all its outputs exist', () => {
    const stamp = currentStamp(root);
    expect(buildIsCurrent(root, stamp)).toBe(false);
    writeOutputs();
    expect(buildIsCurrent(root, stamp)).toBe(false);
    recordBuild(root, stamp);
    expect(buildIsCurrent(root, stamp)).toBe(true);

    write('packages/contract/src/index.ts', 'export const changed = 1;');
    expect(buildIsCurrent(root, currentStamp(root))).toBe(false);

    fs.rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(buildIsCurrent(root, stamp)).toBe(false);
  });
});
