import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPgEnum, type PgEnum } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { STATUS_SETS } from '@marketplace/domain/status-colours';
import * as schema from '../db/schema';

// House rule: one list per status set. Each database enum is built from a list exported by
// packages/domain (enums.ts says where each lives); the contracts' zod enums and the status colours
// use the same list, so a status added in one place cannot be missing from the others. This check
// fails when a schema file (a module's <module>.schema.ts, decision 0035) writes an enum's values out, or
// when a status list is written out twice anywhere in packages/ (in any order).

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The API's schema files, and any other file (tests aside) that declares a database enum. */
function schemaFiles(): string[] {
  return readdirSync(path.join(repositoryRoot, 'apps/api/src'), { recursive: true, encoding: 'utf8' })
    .map((name) => path.posix.join('apps/api/src', name.split(path.sep).join('/')))
    .filter(
      (file) =>
        /\.ts$/.test(file) &&
        !/\.test\.ts$/.test(file) &&
        !file.includes('/migrations/') &&
        (file.endsWith('.schema.ts') || /\bpgEnum\(/.test(readFileSync(path.join(repositoryRoot, file), 'utf8'))),
    )
    .sort();
}

function sourceOf(relative: string, text = readFileSync(path.join(repositoryRoot, relative), 'utf8')): ts.SourceFile {
  return ts.createSourceFile(relative, text, ts.ScriptTarget.Latest, true);
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

function packageSourceFiles(): string[] {
  return readdirSync(path.join(repositoryRoot, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(path.join(repositoryRoot, 'packages', entry.name, 'src'), { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
        .map((name) => path.posix.join('packages', entry.name, 'src', name.split(path.sep).join('/'))),
    );
}

interface ListLiteral {
  where: string;
  values: string[];
}

/** Every array written as two or more string literals (`['a', 'b']`, with or without `as const`). */
function listLiteralsIn(source: ts.SourceFile): ListLiteral[] {
  const relative = source.fileName;
  const found: ListLiteral[] = [];
  walk(source, (node) => {
    if (ts.isArrayLiteralExpression(node) && node.elements.length >= 2 && node.elements.every(ts.isStringLiteral)) {
      found.push({
        where: `${relative}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`,
        values: node.elements.map((element) => (element as ts.StringLiteral).text),
      });
    }
  });
  return found;
}

/** pgEnum('name', X) calls of a schema file, with X's text and whether it is a name imported from @marketplace/domain. */
function enumDeclarations(source: ts.SourceFile): Array<{ name: string; values: string; fromDomain: boolean }> {
  const domainImports = new Set<string>();
  for (const statement of source.statements) {
    if (
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text.startsWith('@marketplace/domain/')
    ) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) domainImports.add(element.name.text);
    }
  }
  const declarations: Array<{ name: string; values: string; fromDomain: boolean }> = [];
  walk(source, (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'pgEnum') {
      const [name, values] = node.arguments;
      declarations.push({
        name: name && ts.isStringLiteral(name) ? name.text : '?',
        values: values?.getText(source) ?? '',
        fromDomain: Boolean(values && ts.isIdentifier(values) && domainImports.has(values.text)),
      });
    }
  });
  return declarations;
}

const setKey = (values: readonly string[]) => [...new Set(values)].sort().join(' | ');

const databaseEnums = Object.values(schema as Record<string, unknown>).filter((value): value is PgEnum<[string, ...string[]]> => isPgEnum(value));

describe('one list per status set', () => {
  it('the schema files build every enum from a list imported from packages/domain, never from literal values', () => {
    const declarations = schemaFiles().flatMap((file) => enumDeclarations(sourceOf(file)));
    expect(declarations.map((declaration) => declaration.name).sort()).toEqual(databaseEnums.map((databaseEnum) => databaseEnum.enumName).sort());
    expect(declarations.filter((declaration) => !declaration.fromDomain).map((declaration) => `${declaration.name}: ${declaration.values}`)).toEqual([]);
  });

  it('each database enum’s list is written out once, in packages/domain; each status set at most once', () => {
    const literals = [...packageSourceFiles(), ...schemaFiles()].flatMap((file) => listLiteralsIn(sourceOf(file)));
    const problems: string[] = [];
    for (const databaseEnum of databaseEnums) {
      const copies = literals.filter((literal) => setKey(literal.values) === setKey(databaseEnum.enumValues));
      if (copies.length !== 1 || !copies[0]!.where.startsWith('packages/domain/'))
        problems.push(`${databaseEnum.enumName}: ${copies.map((copy) => copy.where).join(', ') || 'no list in packages/domain'}`);
    }
    for (const [kind, statuses] of Object.entries(STATUS_SETS)) {
      const copies = literals.filter((literal) => setKey(literal.values) === setKey(statuses));
      if (copies.length > 1) problems.push(`status set ${kind}: ${copies.map((copy) => copy.where).join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('the check itself sees a written-out enum and a reordered copy', () => {
    const probe = sourceOf(
      'probe.ts',
      [
        "import { SHARED } from '@marketplace/domain/enums';",
        "const LOCAL = ['x'];",
        "pgEnum('shared', SHARED);",
        "pgEnum('local', LOCAL);",
        "pgEnum('written', ['b', 'a']);",
        "z.enum(['a', 'b'] as const);",
      ].join('\n'),
    );
    expect(enumDeclarations(probe).map((declaration) => [declaration.name, declaration.fromDomain])).toEqual([
      ['shared', true],
      ['local', false],
      ['written', false],
    ]);
    expect(listLiteralsIn(probe).map((literal) => `${literal.where} ${setKey(literal.values)}`)).toEqual(['probe.ts:5 a | b', 'probe.ts:6 a | b']);
  });
});
