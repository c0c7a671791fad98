// The import graph of our own source, read with TypeScript's own pre-processor (static imports,
// re-exports, `import type` and dynamic `import()` alike), and the circles in it. Used by
// test/unit/import-graph.test.ts; run directly, it prints the arrows between lib/'s folders:
//   npx tsx scripts/import-graph.ts [root-folder]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** File (relative to the repo, with '/') → the files of ours it imports. */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.(?:ts|tsx)$/;
const TEST = /\.test\.(?:ts|tsx)$/;

/** Every source file under `folder` (tests aside), relative to `repo`. */
export function sourceFiles(repo: string, folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (SOURCE.test(name) && !TEST.test(name) && !name.endsWith('.d.ts'))
        out.push(path.relative(repo, full).split(path.sep).join('/'));
    }
  };
  walk(path.join(repo, folder));
  return out;
}

/** The file an import specifier names, or undefined for a package (or a file that is not there). */
function resolve(repo: string, from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('@/') || spec.startsWith('~/')) base = path.join(repo, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(repo, path.dirname(from), spec);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return path.relative(repo, candidate).split(path.sep).join('/');
  }
  return undefined;
}

/** The graph of the files under `folder`, each with the files it imports (of any folder). */
export function importGraph(repo: string, folder: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(repo, folder)) {
    const info = ts.preProcessFile(readFileSync(path.join(repo, file), 'utf8'), true, true);
    const targets = info.importedFiles.map((f) => resolve(repo, file, f.fileName)).filter((t): t is string => t !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The circles of a graph: each strongly connected component of more than one file (or a file that
 * imports itself), written as one path round it, from its first file back to that file.
 */
export function findCycles(graph: ImportGraph): string[][] {
  return strongComponents(graph).map((c) => pathRound(graph, c));
}

/** The strongly connected components of more than one file (or of a file importing itself), sorted (Tarjan). */
export function strongComponents(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  return components;
}

/** One path round a component: from its first file, breadth first inside it, back to that file. */
function pathRound(graph: ImportGraph, component: string[]): string[] {
  const inside = new Set(component);
  const start = component[0]!;
  const came = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u: string | undefined = v; u !== undefined && u !== start; u = came.get(u)) path.splice(1, 0, u);
        return [...path, start];
      }
      if (!came.has(w)) {
        came.set(w, v);
        queue.push(w);
      }
    }
  }
  return component;
}

/** The folder of a file under lib/ ('lib/pages/extract.ts' → 'pages'; 'lib/settings.ts' → 'settings'). */
export function folderOf(file: string): string {
  const parts = file.split('/');
  return parts.length > 2 ? parts[1]! : parts[1]!.replace(SOURCE, '');
}

/** The arrows between lib/'s folders: folder → the folders it imports, with how many imports each. */
export function folderArrows(graph: ImportGraph): Map<string, Map<string, number>> {
  const arrows = new Map<string, Map<string, number>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    const row = arrows.get(from) ?? new Map<string, number>();
    for (const t of targets) {
      if (!t.startsWith('lib/')) continue;
      const to = folderOf(t);
      if (to !== from) row.set(to, (row.get(to) ?? 0) + 1);
    }
    arrows.set(from, row);
  }
  return arrows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? '')) {
  const repo = process.cwd();
  const graph = importGraph(repo, process.argv[2] ?? 'lib');
  for (const [from, row] of [...folderArrows(graph)].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`${from} → ${[...row.keys()].sort().join(', ') || '(nothing of ours)'}`);
  const cycles = findCycles(graph);
  console.log(cycles.length === 0 ? 'no import circle' : cycles.map((c) => `circle: ${c.join(' → ')}`).join('\n'));
  for (const c of strongComponents(graph)) console.log(`  ${c.length} files: ${c.join(' ')}`);
}
