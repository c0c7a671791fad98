import { mkdtempSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles, folderArrows, importGraph, sourceFiles, type ImportGraph } from '../../scripts/import-graph';

// The layout (issue #25): no import circle in lib/, between files or between folders, and no folder
// of more than 17 source files. The graph is read from the source with TypeScript's pre-processor.
const repo = process.cwd();
const graph = importGraph(repo, 'lib');

/** lib/'s folders as a graph of their own: folder → the folders it imports. */
function folderGraph(g: ImportGraph): ImportGraph {
  return new Map([...folderArrows(g)].map(([from, row]) => [from, [...row.keys()]]));
}

describe('the import graph of lib/', () => {
  it('is read whole: every source file, with its imports of our own files', () => {
    expect(graph.size).toBe(sourceFiles(repo, 'lib').length);
    expect(graph.get('lib/answering/answer-question.ts')).toContain('lib/answering/deps.ts');
    expect(graph.get('lib/factcheck/check-run.ts')).toContain('lib/factcheck/deps.ts');
  });

  it('has no circle between files', () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it('has no circle between folders', () => {
    expect(findCycles(folderGraph(graph))).toEqual([]);
  });

  it('has no folder of more than 17 source files', () => {
    const crowded = readdirSync(path.join(repo, 'lib'))
      .filter((name) => statSync(path.join(repo, 'lib', name)).isDirectory())
      .map((name) => ({
        folder: `lib/${name}`,
        files: readdirSync(path.join(repo, 'lib', name)).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)).length,
      }))
      .filter((f) => f.files > 17);
    expect(crowded).toEqual([]);
  });

  it('has lib/anchor (highlighting in the page) imported only by anchoring, the content script and the panel', () => {
    const sides = ['lib', 'cli', 'components', 'entrypoints'].map((folder) => importGraph(repo, folder));
    const importers = sides.flatMap((g) =>
      [...g]
        .filter(([file, imports]) => imports.some((i) => i.startsWith('lib/anchor/')) && !file.startsWith('lib/anchor/'))
        .map(([file]) => file),
    );
    expect(
      importers.filter(
        (f) => f !== 'entrypoints/content.ts' && !f.startsWith('entrypoints/sidepanel/') && !f.startsWith('components/panel/'),
      ),
    ).toEqual([]);
    expect(importers).toContain('entrypoints/content.ts');
  });

  it('catches a circle added to the real graph, between files and between folders', () => {
    const probe = new Map(graph);
    probe.set('lib/run/trace.ts', [...(graph.get('lib/run/trace.ts') ?? []), 'lib/answering/answer-question.ts']);
    const circles = findCycles(probe);
    expect(circles).toHaveLength(1);
    expect(circles[0]![0]).toBe(circles[0]!.at(-1));
    expect(circles[0]).toContain('lib/run/trace.ts');
    expect(circles[0]).toContain('lib/answering/answer-question.ts');
    expect(findCycles(folderGraph(probe)).flat()).toEqual(expect.arrayContaining(['run', 'answering']));
  });
});

describe('the import graph, on files written for it', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'spanlight-graph-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  it('finds a circle made of a type import, a re-export and a dynamic import, and nothing else', () => {
    write('lib/a/deps.ts', "import type { B } from '../b/b';\nexport interface A { b: B }\n");
    write('lib/b/b.ts', "export { c } from './c';\nexport interface B { n: number }\n");
    write('lib/b/c.ts', "export const c = () => import('@/lib/a/deps');\n");
    write('lib/b/leaf.ts', "import { c } from './c';\nimport { z } from 'zod';\nexport const d = [c, z];\n");
    write('lib/b/leaf.test.ts', "import { d } from './leaf';\nimport '../a/deps';\nvoid d;\n");
    const g = importGraph(root, 'lib');
    expect([...g.keys()].sort()).toEqual(['lib/a/deps.ts', 'lib/b/b.ts', 'lib/b/c.ts', 'lib/b/leaf.ts']);
    expect(findCycles(g)).toEqual([['lib/a/deps.ts', 'lib/b/b.ts', 'lib/b/c.ts', 'lib/a/deps.ts']]);
    expect(findCycles(folderGraph(g))).toEqual([['a', 'b', 'a']]);
  });

  it('finds a file that imports itself, and two circles apart as two', () => {
    const g: ImportGraph = new Map([
      ['x.ts', ['x.ts']],
      ['p.ts', ['q.ts']],
      ['q.ts', ['p.ts']],
      ['r.ts', ['p.ts']],
    ]);
    expect(findCycles(g)).toEqual([
      ['p.ts', 'q.ts', 'p.ts'],
      ['x.ts', 'x.ts'],
    ]);
  });
});
