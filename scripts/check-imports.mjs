#!/usr/bin/env node
// `npm run check:imports` (part of `npm test`): the house rules of docs/architecture.md as a check.
// Every import of the contract, server and web sources (type-only and dynamic ones included) is
// resolved to a file; an import across zones that import-rules.mjs refuses, and any import cycle
// between files, fails with the files named.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { refusal } from './import-rules.mjs';

const SOURCE_ROOTS = ['packages/contract/src', 'apps/server/src', 'apps/web/src', 'apps/web/build'];
const SOURCE_FILE = /\.(ts|tsx|mts)$/;
const CONTRACT_ENTRY = 'packages/contract/src/index.ts';

/** Repository-relative paths (with `/`) of every source file under the roots. */
export function sourceFiles(repo, roots = SOURCE_ROOTS) {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(repo, dir), { withFileTypes: true })) {
      const child = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(child);
      } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(child);
      }
    }
  };
  for (const root of roots) if (fs.existsSync(path.join(repo, root))) walk(root);
  return files.sort();
}

/** The file an import specifier names, or null for a package (other than the contract). */
function resolveImport(repo, from, specifier, known) {
  if (specifier === '@mediabox/contract' || specifier.startsWith('@mediabox/contract/'))
    return CONTRACT_ENTRY;
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.join(path.posix.dirname(from), specifier);
  // ESM sources name the compiled file (`./x.js`); the source is `./x.ts` or `./x.tsx`.
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ];
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

/** Every file's imports as repository paths (files only; packages are left out). */
export function importGraph(repo, files) {
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const text = fs.readFileSync(path.join(repo, file), 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      const target = resolveImport(repo, file, fileName, known);
      if (target !== null && target !== file) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Groups of files that import each other in a circle (Tarjan's strongly connected components). */
export function importCycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (start) => {
    // Iterative, so a long import chain cannot overflow the call stack.
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [file, next] = frame;
      const targets = graph.get(file) ?? [];
      if (next < targets.length) {
        frame[1] += 1;
        const target = targets[next];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(file, Math.min(low.get(file), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(file)));
      }
      if (low.get(file) === index.get(file)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== file);
        if (component.length > 1) cycles.push(component.sort());
      }
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** The broken rules of a graph: refused arrows and cycles, as lines to print. */
export function importProblems(graph, arrows) {
  const problems = [];
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const why = refusal(file, target, arrows);
      if (why !== null) problems.push(`${file} -> ${target}: ${why}`);
    }
  }
  for (const cycle of importCycles(graph)) problems.push(`import cycle: ${cycle.join(', ')}`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = sourceFiles(repo);
  const problems = importProblems(importGraph(repo, files));
  if (problems.length > 0) {
    console.error(
      `${problems.length} import rule(s) broken (see docs/architecture.md, "Module dependencies"):`,
    );
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`imports: ${files.length} files, no refused arrow, no cycle`);
}
