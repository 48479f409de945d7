// The runtime import graph of the Node side (common/, db/, main/, workers/, cloud/) has no cycle. Only imports that
// survive compilation count: static `import ... from` and `export ... from`, and side-effect `import '...'`; not
// `import type`, not imports whose every name is `type`, not dynamic `import()`. The renderer's features use each
// other through their public faces (lint) on floors: no feature reaches, by any import, one that reaches it. It lives
// in main/, the one folder allowed to know all the others.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const FOLDERS = ['common', 'db', 'main', 'workers', 'cloud'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The relative specifiers a file imports at run time. */
function runtimeImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypeNames =
        clause !== undefined && clause.name === undefined && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
      if (onlyTypeNames) continue;
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly)) continue;
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers.filter((specifier) => specifier.startsWith('.'));
}

function resolve(from: string, specifier: string, known: Set<string>): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** Every cycle's files, one per strongly connected component (Tarjan), as a path that closes on itself. */
function findCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((component) => cycleThrough(graph, new Set(component)));
}

/** One concrete cycle inside a strongly connected component: a breadth-first path from its first file back to it. */
function cycleThrough(graph: Map<string, string[]>, members: Set<string>): string[] {
  const start = [...members].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(next) && next !== start) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

describe('the import graph', () => {
  it('finds a cycle and names it', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(runtimeImports('x.ts', "import type { A } from './a';\nimport { type B } from './b';\nimport { C } from './c';\nexport type { D } from './d';\nexport * from './e';\nimport './f';")).toEqual(['./c', './e', './f']);
  });

  it('has no cycle among the runtime imports of common/, db/, main/, workers/, cloud/', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder)));
    const known = new Set(files);
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const targets = runtimeImports(file, fs.readFileSync(file, 'utf8'))
        .map((specifier) => resolve(file, specifier, known))
        .filter((target): target is string => target !== null);
      graph.set(file, targets);
    }
    expect(graph.size).toBeGreaterThan(100);
    const cycles = findCycles(graph).map((cycle) => cycle.map((file) => path.relative(ROOT, file)).join(' -> '));
    expect(cycles).toEqual([]);
  });

  it("has no cycle among the renderer's features, counting every import (types too) of their product files", () => {
    const features = path.join(ROOT, 'renderer', 'features');
    const featureOf = (file: string) => path.relative(features, file).split(path.sep)[0]!;
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles(features).filter((name) => !/\.test\.tsx?$/.test(name))) {
      const from = featureOf(file);
      const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
      const reached = source.statements
        .filter((statement): statement is ts.ImportDeclaration | ts.ExportDeclaration => (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier !== undefined)
        .map((statement) => path.resolve(path.dirname(file), (statement.moduleSpecifier as ts.StringLiteral).text))
        .filter((target) => target.startsWith(features + path.sep))
        .map(featureOf)
        .filter((to) => to !== from);
      graph.set(from, [...new Set([...(graph.get(from) ?? []), ...reached])]);
    }
    expect(graph.get('dashboard')).toEqual(expect.arrayContaining(['song-table', 'board', 'player', 'song-panel']));
    expect(findCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});
