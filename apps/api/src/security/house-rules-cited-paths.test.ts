import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// House rule: a path that a comment or a doc cites is a file or folder a newcomer who clones the
// repository can open. A file that moves or goes takes its citations with it; this check finds the ones
// left behind. What counts as a cited path, in code comments, Markdown and the hash comments of the
// deployment files:
// - a path from the repository root under one of its top folders (`apps/…`, `docs/…`, `.ci/…`);
// - the target of a Markdown link, from the linking file's folder (as GitHub follows it);
// - in a workspace package's Markdown, `src/…` and `test/…`, and any path from the package's own folder.
// A token with a placeholder or a glob in it (`<name>`, `*`, `{a,b}`, `…`) names a family of files, not
// one, and is skipped. Strings in code are not citations: the code that reads them fails on its own.

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Paths that exist only once something has run, so they are never in the repository: what `npm run build`
 * makes (the API's JavaScript, the web app and its server render, decision 0019) and the embedded
 * database's folder that the first start makes. Nothing else belongs here: a missing file is fixed where
 * it is cited.
 */
const MADE_AT_RUN_TIME = ['apps/api/dist', 'apps/web/dist', 'apps/web/dist-ssr', 'data'];

const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const HASH_COMMENTED = /(^|\/)(Dockerfile|Caddyfile)$|^\.ci\/run$|\.(ya?ml|sh)$/;

const PATH_CHARACTERS = String.raw`[\w.\-/<*{…$]*`;
/** Not after a character that would make the token the tail of a longer path, a URL or a package name. */
const TOKEN_START = String.raw`(?<![\w@.\/~:\\-])`;
const TOP_FOLDER_PATH = new RegExp(`${TOKEN_START}(?:apps|packages|docs|bench|e2e|scripts|deploy|\\.ci)/${PATH_CHARACTERS}`, 'g');
const PACKAGE_PATH = new RegExp(`${TOKEN_START}(?:src|test)/${PATH_CHARACTERS}`, 'g');
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g;
const REFERENCE_LINK = /^\s*\[[^\]]+\]:\s*<?([^\s>]+)/;

const isPlaceholder = (token: string) => /[<*{…$]|\.\.\./.test(token);
/** "docs/operations.md." at the end of a sentence cites docs/operations.md; "apps/api/" cites the folder. */
const trimmed = (token: string) => token.replace(/[.,:;!?-]+$/, '').replace(/\/+$/, '');

/** A link's path as a file name (`%20` is a space); a path that is not valid percent-encoding is taken as written. */
function decodedLinkPath(linked: string): string {
  try {
    return decodeURIComponent(linked);
  } catch {
    return linked;
  }
}

/**
 * A predicate telling whether a repository path (a file, or a folder holding one) is in `files`. A
 * numbered record may be cited by its number alone: docs/decisions/0015 is 0015-one-error-shape.md.
 */
export function pathExistsIn(files: Iterable<string>): (repositoryPath: string) => boolean {
  const known = new Set<string>();
  for (const file of files) {
    known.add(file);
    const number = /^(\d+)-[a-z]/.exec(path.posix.basename(file))?.[1];
    if (number) known.add(path.posix.join(path.posix.dirname(file), number));
    for (let folder = path.posix.dirname(file); folder !== '.'; folder = path.posix.dirname(folder)) known.add(folder);
  }
  return (repositoryPath) => known.has(repositoryPath);
}

/** The lines of a file's comments (code, and the hash comments of deployment files), each with its line number. */
export function commentLinesOf(file: string, text: string): Array<{ line: number; text: string }> {
  if (HASH_COMMENTED.test(file)) {
    return text.split('\n').flatMap((content, index) => {
      const at = content.search(/(^|\s)#/);
      return at < 0 ? [] : [{ line: index + 1, text: content.slice(at) }];
    });
  }
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.[mc]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const literals = literalRangesOf(source);
  const found: Array<{ line: number; text: string }> = [];
  // Outside a literal, `//` and `/*` can only open a comment; the parser says where the literals are.
  const commentStart = /\/[/*]/g;
  let literal = 0;
  for (let match = commentStart.exec(text); match; match = commentStart.exec(text)) {
    const start = match.index;
    while (literal < literals.length && literals[literal]![1] <= start) literal++;
    const range = literals[literal];
    if (range && range[0] <= start) {
      commentStart.lastIndex = range[1];
      continue;
    }
    const close = text[start + 1] === '*' ? text.indexOf('*/', start + 2) : text.indexOf('\n', start);
    const end = close < 0 ? text.length : text[start + 1] === '*' ? close + 2 : close;
    const firstLine = source.getLineAndCharacterOfPosition(start).line + 1;
    text
      .slice(start, end)
      .split('\n')
      .forEach((content, offset) => found.push({ line: firstLine + offset, text: content }));
    commentStart.lastIndex = end;
  }
  return found;
}

/** Where a comment cannot start, in source order: strings, the text of templates, regular expressions and JSX text. */
function literalRangesOf(source: ts.SourceFile): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) ranges.push([node.pos, node.end]);
    else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isRegularExpressionLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      ranges.push([node.getStart(source), node.end]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** The nearest folder above `file` that holds a package.json, other than the repository root. */
function packageFolderOf(file: string, exists: (repositoryPath: string) => boolean): string | null {
  for (let folder = path.posix.dirname(file); folder !== '.'; folder = path.posix.dirname(folder)) {
    if (exists(`${folder}/package.json`)) return folder;
  }
  return null;
}

const isMadeAtRunTime = (repositoryPath: string) => MADE_AT_RUN_TIME.some((made) => repositoryPath === made || repositoryPath.startsWith(`${made}/`));

/**
 * The paths `file` cites that are not in the repository: each with its line and the token as written.
 * `exists` says whether a repository path is a file or a folder there (see pathExistsIn).
 */
export function missingCitedPaths(file: string, text: string, exists: (repositoryPath: string) => boolean): Array<{ line: number; cited: string }> {
  const isMarkdown = file.endsWith('.md');
  const folder = path.posix.dirname(file);
  const packageFolder = isMarkdown ? packageFolderOf(file, exists) : null;
  const isThere = (candidates: string[]) => candidates.some((candidate) => exists(candidate) || isMadeAtRunTime(candidate));
  // Parsing is the slow part: a file none of whose paths is missing, comment or not, needs none.
  const isCandidate = ([token]: RegExpExecArray) => !isPlaceholder(token) && !isThere([trimmed(token)]);
  if (CODE.test(file) && ![...text.matchAll(TOP_FOLDER_PATH)].some(isCandidate)) return [];
  const lines = isMarkdown
    ? text.split('\n').map((content, index) => ({ line: index + 1, text: content }))
    : CODE.test(file) || HASH_COMMENTED.test(file)
      ? commentLinesOf(file, text)
      : [];
  const missing: Array<{ line: number; cited: string }> = [];
  for (const { line, text: content } of lines) {
    const report = (cited: string) => {
      if (!missing.some((entry) => entry.line === line && entry.cited === cited)) missing.push({ line, cited });
    };
    for (const [token] of content.matchAll(TOP_FOLDER_PATH)) {
      const cited = trimmed(token);
      if (isPlaceholder(token)) continue;
      if (!isThere([cited, ...(packageFolder ? [`${packageFolder}/${cited}`] : [])])) report(cited);
    }
    if (packageFolder) {
      for (const [token] of content.matchAll(PACKAGE_PATH)) {
        const cited = trimmed(token);
        if (!isPlaceholder(token) && !isThere([`${packageFolder}/${cited}`])) report(cited);
      }
    }
    if (!isMarkdown) continue;
    const targets = [...content.matchAll(MARKDOWN_LINK)].map((match) => match[1]!);
    const reference = REFERENCE_LINK.exec(content)?.[1];
    for (const target of reference ? [...targets, reference] : targets) {
      // Addresses (https:, mailto:), anchors on the same page and site paths (/api/docs) are not files.
      if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('#') || target.startsWith('/') || isPlaceholder(target)) continue;
      const linked = decodedLinkPath(target.replace(/[#?].*$/, ''));
      const resolved = path.posix.normalize(path.posix.join(folder, linked)).replace(/\/+$/, '');
      if (resolved !== '.' && (resolved.startsWith('..') || !isThere([resolved]))) report(target);
    }
  }
  return missing;
}

function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: repositoryRoot, encoding: 'utf8' });
  return listed.split('\n').filter(Boolean);
}

describe('cited paths', () => {
  const exists = pathExistsIn([
    'apps/api/package.json',
    'apps/api/src/app.ts',
    'apps/api/scripts/build.mjs',
    'docs/product/shipping.md',
    'docs/decisions/0015-one-error-shape.md',
  ]);

  it('finds a cited file that is not there and accepts one that is', () => {
    const comment = '// The void window (docs/product/shipping.md); labels in docs/product/labels.md.\nconst x = 1;\n';
    expect(missingCitedPaths('apps/api/src/lib/example.ts', comment, exists)).toEqual([{ line: 1, cited: 'docs/product/labels.md' }]);
    expect(missingCitedPaths('apps/api/src/lib/example.ts', '/**\n * See apps/api/src/app.ts and apps/api/src/ap.ts.\n */\n', exists)).toEqual([
      { line: 2, cited: 'apps/api/src/ap.ts' },
    ]);
  });

  it('accepts a folder, a decision by its number, and a path that only the build or the first start makes', () => {
    expect(missingCitedPaths('docs/example.md', 'Under apps/api/ and docs/product, built into apps/api/dist/server.js and apps/web/dist.', exists)).toEqual([]);
    expect(missingCitedPaths('docs/example.md', 'Why: docs/decisions/0015, not docs/decisions/0099.', exists)).toEqual([
      { line: 1, cited: 'docs/decisions/0099' },
    ]);
    expect(missingCitedPaths('docs/example.md', 'Not apps/api/distant.ts.', exists)).toEqual([{ line: 1, cited: 'apps/api/distant.ts' }]);
  });

  it('skips placeholders and globs', () => {
    const text = [
      'apps/api/src/modules/<module>/<module>.schema.ts',
      'apps/api/src/**/*.test.ts',
      'apps/{api,web}/src',
      'docs/product/…',
      'apps/api/src/modules/...',
    ].join('\n');
    expect(missingCitedPaths('docs/example.md', text, exists)).toEqual([]);
  });

  it('reads comments only, not strings, regular expressions or JSX text', () => {
    const code =
      "const file = '// docs/gone.md';\nconst pattern = /docs\\/gone\\/x.md/;\nconst page = <p>see // docs/gone.md</p>; // docs/also-gone.md\nconst text = `// docs/gone.md ${file}`;\n";
    expect(missingCitedPaths('apps/web/src/example.tsx', code, exists)).toEqual([{ line: 3, cited: 'docs/also-gone.md' }]);
    expect(missingCitedPaths('compose.yaml', 'image: docs/gone.md\n# see docs/also-gone.md\n', exists)).toEqual([{ line: 2, cited: 'docs/also-gone.md' }]);
  });

  it('follows a Markdown link from the linking file, and skips addresses and anchors', () => {
    const text =
      '[shipping](../product/shipping.md#void) · [gone](../product/gone.md) · [site](https://example.com/docs/x.md) · [here](#top) · [docs](/api/docs)';
    expect(missingCitedPaths('docs/decisions/0001-example.md', text, exists)).toEqual([{ line: 1, cited: '../product/gone.md' }]);
    expect(missingCitedPaths('docs/decisions/0001-example.md', '[one](docs/product/shipping.md)', exists)).toEqual([
      { line: 1, cited: 'docs/product/shipping.md' },
    ]);
  });

  it("reads src/ and test/ in a package's Markdown from the package's folder", () => {
    const text = '`src/app.ts` builds the app; `src/gone.ts` went; `scripts/build.mjs` bundles it.';
    expect(missingCitedPaths('apps/api/README.md', text, exists)).toEqual([{ line: 1, cited: 'src/gone.ts' }]);
    expect(missingCitedPaths('docs/example.md', text, exists)).toEqual([{ line: 1, cited: 'scripts/build.mjs' }]);
  });

  it('are all in the repository', () => {
    const files = repositoryFiles();
    const exists = pathExistsIn(files);
    const found = files
      .filter((file) => file.endsWith('.md') || CODE.test(file) || HASH_COMMENTED.test(file))
      .flatMap((file) => {
        let text: string;
        try {
          text = readFileSync(path.join(repositoryRoot, file), 'utf8');
        } catch {
          return [];
        }
        return missingCitedPaths(file, text, exists).map(({ line, cited }) => `${file}:${line}: ${cited}`);
      });
    expect(found, 'correct the path, or say in words what the file was when it is gone').toEqual([]);
  });
});
