import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// House rule: code and docs point at what a newcomer who clones the repository has. The product's
// rules are written in docs/product/ (docs/decisions/0016-product-rules-in-the-repository.md); a comment
// that exists because of a product rule points there or says the rule plainly. A specification's section
// numbers and issue numbers are not in the repository, so citing them is refused here.

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCE = /\.(ts|tsx|mjs|cjs|js|md|css|html)$/;
const THIS_FILE = 'apps/api/src/security/house-rules-citations.test.ts';

/** "SPEC §2.8", "spec §4", "§4.8" (a section sign followed by a number, except an RFC's), "issue #8", "issues #5–#7". */
const CITATION = /\b(?:SPEC|spec)(?:\.md)?\s*§|(?<!RFC \d+ )§\s?\d|\b[Ii]ssues? #\d/;

function trackedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: repositoryRoot, encoding: 'utf8' });
  return listed.split('\n').filter((file) => SOURCE.test(file) && file !== THIS_FILE && !file.includes('/migrations/'));
}

export function citationsIn(text: string): Array<{ line: number; text: string }> {
  return text.split('\n').flatMap((line, index) => (CITATION.test(line) ? [{ line: index + 1, text: line.trim() }] : []));
}

describe('citations a newcomer cannot follow', () => {
  it('recognises a spec section, a bare section sign and an issue number, and lets an RFC section through', () => {
    expect(citationsIn('// Void window (SPEC §4.8): 24 hours')).toHaveLength(1);
    expect(citationsIn('/** the §4.1 payload */')).toHaveLength(1);
    expect(citationsIn('// Getting sellers paid (issue #5)')).toHaveLength(1);
    expect(citationsIn('Issues #5–#7 need screens')).toHaveLength(1);
    expect(citationsIn('// version 4 (RFC 4122 §4.4)')).toHaveLength(0);
    expect(citationsIn('// the void window (docs/product/shipping.md)')).toHaveLength(0);
  });

  it('are nowhere in the repository', () => {
    const found = trackedFiles().flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(path.join(repositoryRoot, file), 'utf8');
      } catch {
        return [];
      }
      return citationsIn(text).map(({ line, text: content }) => `${file}:${line}: ${content.slice(0, 120)}`);
    });
    expect(found, 'point to docs/product/<page>.md or say the rule plainly').toEqual([]);
  });
});
