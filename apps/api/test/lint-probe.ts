import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

// For the house-rule tests that prove a lint rule on a snippet: the snippet is linted with the
// repository's eslint.config.js as if it sat at `filePath`, so the import rules resolve its imports to
// the real files there.

export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

let eslint: ESLint | undefined;

/** The rules the snippet breaks, as `line:rule`; a snippet that does not parse is an error, not a pass. */
export async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: repositoryRoot });
  const [result] = await eslint.lintText(code, { filePath: path.join(repositoryRoot, filePath) });
  const messages = result?.messages ?? [];
  const fatal = messages.filter((message) => message.fatal);
  if (fatal.length > 0) throw new Error(`${filePath} did not parse: ${fatal.map((message) => message.message).join('; ')}`);
  return messages.map((message) => `${message.line}:${message.ruleId}`);
}
