// docs/ARCHITECTURE.md is a newcomer's map of the repository and docs/decisions/ holds the reasons behind
// it. Every path they name must exist, and every server module and web feature must be on the map, so the
// map cannot fall behind the tree again without a test saying so.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DOCS = path.join(ROOT, 'docs');
const DECISIONS = path.join(DOCS, 'decisions');

/** A path in backticks that starts with one of these is written from the repository root and is checked. */
const ROOT_FOLDERS = ['apps', 'packages', 'docs', 'e2e', 'bench', 'scripts'];
const ROOT_FILES = [
  'README.md',
  '.env.example',
  'package.json',
  'eslint.config.js',
  'vitest.config.ts',
  'playwright.config.ts',
  'tsconfig.base.json',
];
/** Build output and installed packages are not part of the repository a reader can open. */
const GENERATED = new Set(['dist', 'node_modules', 'test-results', 'data']);
/** A source file named without its folder: it must exist somewhere (other names may be keys or URLs). */
const BARE_SOURCE_FILE = /^\w[^/]*\.(ts|tsx|mjs)$/;
/** A file path that does not start at the root: it cannot be checked, so it is refused. */
const RELATIVE_FILE = /\/.*\.(ts|tsx|mjs|md)$/;
/** Placeholders and patterns (`features/<name>/`, `basemap-*.ts`, `{z}/{x}`) describe paths rather than name one. */
const PATTERN = /[<>{}*…:?=\s]/;

/** The folders the map must show: one entry per server module and per web feature. */
const MAPPED_FOLDERS = ['apps/server/src/modules', 'apps/web/src/features'];

interface Named {
  /** Text inside single backticks. */
  code: string[];
  /** Targets of Markdown links, without their #fragment. */
  links: string[];
}

function namedIn(markdown: string): Named {
  // Fenced blocks are diagrams and examples: only inline code and links name paths.
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const code = [...prose.matchAll(/`([^`\n]+)`/g)].map(([, span = '']) => span.trim());
  const links = [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target = '']) => target.replace(/#.*/, ''))
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
  return { code, links };
}

const isRootAnchored = (span: string) =>
  ROOT_FILES.includes(span) || ROOT_FOLDERS.includes(span.replace(/\/.*/, ''));

const isGenerated = (span: string) => span.split('/').some((segment) => GENERATED.has(segment));

/** The repository paths a document names in backticks (written from the root), placeholders left out. */
function rootPathsIn(markdown: string): string[] {
  return namedIn(markdown).code.filter(
    (span) => isRootAnchored(span) && !PATTERN.test(span) && !isGenerated(span),
  );
}

interface Repository {
  exists(relativePath: string): boolean;
  /** Names of every source file in the repository, for names written without their folder. */
  fileNames: ReadonlySet<string>;
}

/** What is wrong with the paths a document at `docPath` (relative to the root) names; empty when nothing. */
function pathProblems(markdown: string, docPath: string, repository: Repository): string[] {
  const problems: string[] = [];
  const { code, links } = namedIn(markdown);
  for (const span of code) {
    if (PATTERN.test(span) || isGenerated(span)) continue;
    if (isRootAnchored(span)) {
      if (!repository.exists(span)) problems.push(`${docPath}: \`${span}\` does not exist`);
    } else if (RELATIVE_FILE.test(span)) {
      problems.push(`${docPath}: \`${span}\` is not written from the repository root`);
    } else if (BARE_SOURCE_FILE.test(span) && !repository.fileNames.has(span)) {
      problems.push(`${docPath}: no file in the repository is called \`${span}\``);
    }
  }
  for (const target of links) {
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(docPath), target));
    if (!repository.exists(resolved)) problems.push(`${docPath}: link (${target}) leads nowhere`);
  }
  return problems;
}

/** The folders that no path the map names is or lies inside. */
function unmappedFolders(markdown: string, folders: readonly string[]): string[] {
  const named = rootPathsIn(markdown).map((span) => span.replace(/\/$/, ''));
  return folders.filter((folder) => !named.some((span) => span === folder || span.startsWith(`${folder}/`)));
}

function subfolders(parent: string): string[] {
  return readdirSync(path.join(ROOT, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${parent}/${entry.name}`);
}

function sourceFileNames(): Set<string> {
  const names = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (GENERATED.has(entry.name) || entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) walk(path.join(folder, entry.name));
      else names.add(entry.name);
    }
  };
  for (const folder of ROOT_FOLDERS) walk(path.join(ROOT, folder));
  return names;
}

const repository: Repository = {
  exists: (relativePath) => existsSync(path.join(ROOT, relativePath)),
  fileNames: sourceFileNames(),
};

const read = (relativePath: string) => readFileSync(path.join(ROOT, relativePath), 'utf8');
const decisionFiles = readdirSync(DECISIONS)
  .filter((name) => name.endsWith('.md'))
  .map((name) => path.relative(ROOT, path.join(DECISIONS, name)).split(path.sep).join('/'));

describe('docs/ARCHITECTURE.md and docs/decisions/', () => {
  it('name only paths that exist, each written from the repository root', () => {
    const problems = ['docs/ARCHITECTURE.md', ...decisionFiles].flatMap((doc) =>
      pathProblems(read(doc), doc, repository),
    );
    expect(problems).toEqual([]);
  });

  it('the map names every server module and every web feature folder', () => {
    const folders = MAPPED_FOLDERS.flatMap(subfolders);
    expect(folders.length).toBeGreaterThan(0);
    expect(unmappedFolders(read('docs/ARCHITECTURE.md'), folders)).toEqual([]);
  });

  it('the map links the decision index, and the index links every decision record', () => {
    expect(namedIn(read('docs/ARCHITECTURE.md')).links).toContain('decisions/README.md');
    const indexed = new Set(namedIn(read('docs/decisions/README.md')).links);
    const records = decisionFiles.map((file) => path.basename(file)).filter((name) => name !== 'README.md');
    expect(records.length).toBeGreaterThan(0);
    expect(records.filter((name) => !indexed.has(name))).toEqual([]);
  });

  it('reports a wrong path, a path not written from the root, an unknown file name and a missing folder', () => {
    const doc = [
      'The pins live in `apps/server/src/modules/pinz/` and `modules/pins/pins.routes.ts`;',
      'the cache is `pin-list-cash.ts`, the contract [here](../packages/shared/src/api/nothing.ts).',
      'Real ones pass: `apps/server/src/modules/pins/`, `pins.service.ts`, [map](ARCHITECTURE.md),',
      'and so do patterns and non-paths: `apps/web/src/features/<name>/`, `/api/pins`, `image/png`.',
    ].join('\n');
    expect(pathProblems(doc, 'docs/example.md', repository)).toEqual([
      'docs/example.md: `apps/server/src/modules/pinz/` does not exist',
      'docs/example.md: `modules/pins/pins.routes.ts` is not written from the repository root',
      'docs/example.md: no file in the repository is called `pin-list-cash.ts`',
      'docs/example.md: link (../packages/shared/src/api/nothing.ts) leads nowhere',
    ]);
    expect(unmappedFolders(doc, ['apps/server/src/modules/pins', 'apps/server/src/modules/media'])).toEqual([
      'apps/server/src/modules/media',
    ]);
  });
});
